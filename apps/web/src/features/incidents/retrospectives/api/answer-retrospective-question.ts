import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import {
  retrospectiveAnswerPath,
  type RetrospectiveAnswerConflict,
  type RetrospectiveAnswerState,
  type RetrospectiveResponse,
} from '@tocsin/contracts';
import { retrospectiveKey } from './get-retrospective';

/** Sends the answer's revision the editor saw: a 409 carries the other person's answer (`answerConflictOf`). */
export const answerRetrospectiveQuestion = async ({
  incidentId,
  questionId,
  answer,
  revision,
}: {
  incidentId: string;
  questionId: string;
  answer: string;
  revision: number;
}) =>
  (await api.put<RetrospectiveResponse>(retrospectiveAnswerPath(incidentId, questionId), { answer, revision })).data;

export const answerConflictOf = (error: unknown): RetrospectiveAnswerState | null =>
  error instanceof ApiError && error.status === 409 && (error.body as RetrospectiveAnswerConflict)?.current
    ? (error.body as RetrospectiveAnswerConflict).current
    : null;

export function useAnswerRetrospectiveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerRetrospectiveQuestion,
    onSuccess: (retrospective) => queryClient.setQueryData(retrospectiveKey(retrospective.incident_id), retrospective),
  });
}
