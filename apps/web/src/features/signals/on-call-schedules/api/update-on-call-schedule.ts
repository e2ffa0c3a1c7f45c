import { onCallSchedulePath, type OnCallSchedule, type OnCallScheduleChangeRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schedulesChanged } from './schedules-cache';

export const updateOnCallSchedule = async (teamId: string, id: string, body: OnCallScheduleChangeRequest) =>
  (await api.patch<{ data: OnCallSchedule }>(onCallSchedulePath(teamId, id), body)).data;

export function useUpdateOnCallSchedule(teamId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnCallScheduleChangeRequest) => updateOnCallSchedule(teamId, id, body),
    onSuccess: () => schedulesChanged(queryClient),
  });
}
