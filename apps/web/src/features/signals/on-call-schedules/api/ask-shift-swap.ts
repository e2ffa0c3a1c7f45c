import { onCallScheduleSwapsPath, type OnCallSchedule, type ShiftSwapRequestBody } from '@tocsin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schedulesChanged } from './schedules-cache';

export const askShiftSwap = async (teamId: string, id: string, body: ShiftSwapRequestBody) =>
  (await api.post<{ data: OnCallSchedule }>(onCallScheduleSwapsPath(teamId, id), body)).data;

/** A member asks for a stretch of their own shifts to be covered. */
export function useAskShiftSwap(teamId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShiftSwapRequestBody) => askShiftSwap(teamId, id, body),
    onSuccess: () => schedulesChanged(queryClient),
  });
}
