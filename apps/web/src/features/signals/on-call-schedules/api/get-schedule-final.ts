import { onCallScheduleFinalPath, ViewNames, type FinalScheduleResponse } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const getScheduleFinal = async (
  teamId: string,
  id: string,
  window: { from: string; to: string },
  { signal }: { signal?: AbortSignal } = {},
) => (await api.get<FinalScheduleResponse>(withQuery(onCallScheduleFinalPath(teamId, id), window), { signal })).data;

/** Who is on call over a window (a past one as it was then): layers, overrides and the final line. */
export function useScheduleFinal(teamId: string | null, id: string, window: { from: string; to: string }) {
  return useQuery({
    queryKey: viewKey(ViewNames.onCallSchedules, 'final', teamId ?? '', id, window),
    queryFn: ({ signal }) => getScheduleFinal(teamId!, id, window, { signal }),
    enabled: teamId !== null,
    placeholderData: keepPreviousData,
  });
}
