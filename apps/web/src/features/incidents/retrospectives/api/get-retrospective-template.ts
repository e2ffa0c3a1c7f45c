import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { retrospectiveTemplatePath, type RetrospectiveTemplate } from '@tocsin/contracts';
import { templatesKey } from './get-retrospective-templates';

export const getRetrospectiveTemplate = async (templateId: string, { signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<{ data: RetrospectiveTemplate }>(retrospectiveTemplatePath(templateId), { signal })).data;

export function useRetrospectiveTemplate(templateId: string) {
  return useQuery({
    queryKey: templatesKey('one', templateId),
    queryFn: ({ signal }) => getRetrospectiveTemplate(templateId, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}
