import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  retrospectiveTemplatePath,
  type RetrospectiveTemplate,
  type RetrospectiveTemplateChangeRequest,
} from '@tocsin/contracts';
import { templatesKey } from './get-retrospective-templates';

/** Sends the revision the editor saw: a 409 carries the template as someone else saved it (`current`). */
export const changeRetrospectiveTemplate = async ({
  templateId,
  body,
}: {
  templateId: string;
  body: RetrospectiveTemplateChangeRequest;
}) => (await api.patch<{ data: RetrospectiveTemplate }>(retrospectiveTemplatePath(templateId), body)).data;

export function useChangeRetrospectiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRetrospectiveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey() }),
  });
}
