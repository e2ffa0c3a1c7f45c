import { onCallScheduleOverridesPath, type OnCallSchedule, type ScheduleOverrideBody } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schedulesChanged } from './schedules-cache';

export const addScheduleOverride = async (teamId: string, id: string, body: ScheduleOverrideBody) =>
  (await api.post<{ data: OnCallSchedule }>(onCallScheduleOverridesPath(teamId, id), body)).data;

export function useAddScheduleOverride(teamId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleOverrideBody) => addScheduleOverride(teamId, id, body),
    onSuccess: () => schedulesChanged(queryClient),
  });
}
