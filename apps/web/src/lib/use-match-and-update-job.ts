import {
  SocketEvents,
  type MatchAndUpdateFinishedNotice,
  type MatchAndUpdateJob,
  type MatchAndUpdateProgressNotice,
  type MatchAndUpdateQueuedResponse,
  type MatchAndUpdateStatus,
} from '@tocsin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from './api-client';
import { useSocketEvent } from './socket';

export const isFinished = (status: MatchAndUpdateStatus | undefined) => status === 'completed' || status === 'failed';

/** Pushes are the fast path; the poll covers pushes sent before the job's id was known, or lost in a reconnect. */
const POLL_MS = 1000;

interface Options<Result> {
  /** POST here starts a run (202 with the job); GET `${path}/${id}` reads it. */
  path: string;
  /** Called once per run when it ends, completed or failed. */
  onFinished: (job: MatchAndUpdateJob<Result>) => void;
  /** The run could not be started or followed. */
  onError: (error: Error) => void;
}

/**
 * 'Match & update' (SPEC.md section 4) as a server job, personal or organization-wide: started by a POST,
 * followed through the user's socket room (progress, then the end) with a poll behind the pushes.
 */
export function useMatchAndUpdateJob<Result>({ path, onFinished, onError }: Options<Result>) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const key = ['match-and-update', path, jobId] as const;
  const latest = useRef({ onFinished, onError });
  useEffect(() => {
    latest.current = { onFinished, onError };
  });

  const start = useMutation({
    mutationFn: async () => (await api.post<MatchAndUpdateQueuedResponse>(path, {})).data,
    onSuccess: (queued) => setJobId(queued.id),
    onError: (error) => latest.current.onError(error),
  });
  const job = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: MatchAndUpdateJob<Result> }>(`${path}/${encodeURIComponent(jobId ?? '')}`, { signal }))
        .data,
    enabled: jobId !== null,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : POLL_MS),
  });

  const update = (id: string, change: (job: MatchAndUpdateJob<Result>) => MatchAndUpdateJob<Result>) => {
    if (id !== jobId) return;
    queryClient.setQueryData<MatchAndUpdateJob<Result>>(key, (current) =>
      change(current ?? { id, status: 'running', progress: { done: 0, total: 0 } }),
    );
  };
  useSocketEvent<MatchAndUpdateProgressNotice>(SocketEvents.matchAndUpdateProgress, ({ id, done, total }) =>
    update(id, (current) =>
      isFinished(current.status) ? current : { ...current, status: 'running', progress: { done, total } },
    ),
  );
  useSocketEvent<MatchAndUpdateFinishedNotice>(SocketEvents.matchAndUpdateFinished, ({ id, status, result }) =>
    update(id, (current) => ({ ...current, status, result: (result ?? undefined) as Result | undefined })),
  );

  const data = jobId === null ? undefined : job.data;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!data || !isFinished(data.status) || reported.current === data.id) return;
    reported.current = data.id;
    latest.current.onFinished(data);
  }, [data]);
  useEffect(() => {
    if (job.error) latest.current.onError(job.error);
  }, [job.error]);

  return {
    start: () => {
      setJobId(null);
      start.mutate();
    },
    job: data,
    running: start.isPending || (jobId !== null && !isFinished(data?.status) && !job.isError),
  };
}
