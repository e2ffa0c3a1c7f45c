import { teamOnCallSchedulesPath, type OnCallSchedule, type OnCallScheduleRequest } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schedulesChanged } from './schedules-cache';

export const createOnCallSchedule = async (teamId: string, body: OnCallScheduleRequest) =>
  (await api.post<{ data: OnCallSchedule }>(teamOnCallSchedulesPath(teamId), body)).data;

export function useCreateOnCallSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, body }: { teamId: string; body: OnCallScheduleRequest }) =>
      createOnCallSchedule(teamId, body),
    onSuccess: () => schedulesChanged(queryClient),
  });
}
