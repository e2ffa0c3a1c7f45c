import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  RETROSPECTIVE_TEMPLATES_API,
  type RetrospectiveTemplate,
  type RetrospectiveTemplateRequest,
} from '@tocsin/contracts';
import { templatesKey } from './get-retrospective-templates';

export const createRetrospectiveTemplate = async (body: RetrospectiveTemplateRequest) =>
  (await api.post<{ data: RetrospectiveTemplate }>(RETROSPECTIVE_TEMPLATES_API, body)).data;

/** A new template, or a copy made from the copy page's form. */
export function useCreateRetrospectiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRetrospectiveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey() }),
  });
}
