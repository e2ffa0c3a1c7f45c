import {
  onCallSchedulePreviewPath,
  ViewNames,
  type FinalScheduleResponse,
  type OnCallSchedulePreviewRequest,
} from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const previewOnCallSchedule = async (teamId: string, request: OnCallSchedulePreviewRequest) =>
  (await api.post<FinalScheduleResponse>(onCallSchedulePreviewPath(teamId), request)).data;

/** The rotation editor's live preview (nothing saved); the last answer stays while the next one loads. */
export function useOnCallSchedulePreview(teamId: string | null, request: OnCallSchedulePreviewRequest | null) {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'preview', teamId ?? '', request),
    queryFn: () => previewOnCallSchedule(teamId!, request!),
    enabled: teamId !== null && request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
