import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retrospectiveTemplatePath } from '@tocsin/contracts';
import { templatesKey } from './get-retrospective-templates';

export const deleteRetrospectiveTemplate = (templateId: string) =>
  api.delete<void>(retrospectiveTemplatePath(templateId));

export function useDeleteRetrospectiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRetrospectiveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey() }),
  });
}
