import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';
import { RETROSPECTIVE_TEMPLATES_API, ViewNames, type RetrospectiveTemplatesResponse } from '@tocsin/contracts';

export const templatesKey = (...rest: unknown[]) => viewKey(ViewNames.retrospectiveTemplates, ...rest);

export const getRetrospectiveTemplates = async ({ signal }: { signal?: AbortSignal } = {}) =>
  (await api.get<RetrospectiveTemplatesResponse>(RETROSPECTIVE_TEMPLATES_API, { signal })).data;

/** The organization's retrospective templates by name, the default among them. */
export function useRetrospectiveTemplates() {
  return useQuery({ queryKey: templatesKey('list'), queryFn: getRetrospectiveTemplates });
}
