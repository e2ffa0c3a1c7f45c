import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type {
  EventSource,
  EventSourceChangeRequest,
  EventSourceRequest,
  EventSourceWithSecrets,
} from '@tocsin/contracts';
import { SOURCES_PATH, sourcePath, sourcesKey } from './get-event-sources';

export const createEventSource = async (body: EventSourceRequest) =>
  (await api.post<{ data: EventSourceWithSecrets }>(SOURCES_PATH, body)).data;

/** The old URL stops working at once; the answer holds the new one, shown this once. */
export const rotateEventSourceToken = async (sourceId: string) =>
  (await api.post<{ data: EventSourceWithSecrets }>(`${sourcePath(sourceId)}/rotate_token`, {})).data;

export function useCreateEventSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEventSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}

export function useRotateEventSourceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateEventSourceToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}

/** A new signing secret (payloads must then carry a signature made with it), in this answer only; or none. */
export const setSigningSecret = async ({ sourceId, signed }: { sourceId: string; signed: boolean }) =>
  signed
    ? (await api.post<{ data: EventSourceWithSecrets }>(`${sourcePath(sourceId)}/signing_secret`, {})).data
    : (await api.delete<{ data: EventSourceWithSecrets }>(`${sourcePath(sourceId)}/signing_secret`)).data;

export function useSetSigningSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSigningSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}

/** PATCH: the settings only (name, default team and policy, limit, quiet period); the format and token stay. */
export const changeEventSource = async ({ sourceId, body }: { sourceId: string; body: EventSourceChangeRequest }) =>
  (await api.patch<{ data: EventSource }>(sourcePath(sourceId), body)).data;

export function useChangeEventSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEventSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey() }),
  });
}
