import { onCallScheduleSwapActionPath, type OnCallSchedule } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schedulesChanged } from './schedules-cache';

export const answerShiftSwap = async (teamId: string, id: string, swapId: string, action: 'take' | 'cancel') =>
  (await api.post<{ data: OnCallSchedule }>(onCallScheduleSwapActionPath(teamId, id, swapId, action), {})).data;

/** Another member takes an open request (it becomes an override), or its requester withdraws it. */
export function useAnswerShiftSwap(teamId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ swapId, action }: { swapId: string; action: 'take' | 'cancel' }) =>
      answerShiftSwap(teamId, id, swapId, action),
    onSuccess: () => schedulesChanged(queryClient),
  });
}
