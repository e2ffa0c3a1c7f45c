import { ViewNames, USERS_API } from '@tocsin/contracts';
import type { MembersResponse, PageQuery } from '@tocsin/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { viewKey } from '@/lib/socket';

export const USERS_PER_PAGE = 20;
export const usersQueryKey = (page: number) => viewKey(ViewNames.memberships, 'users', page);
/** Every page of the member list. */
export const usersListKey = () => viewKey(ViewNames.memberships, 'users');

export const getUsers = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<MembersResponse>(withQuery(USERS_API, { page, per_page: USERS_PER_PAGE } satisfies PageQuery), {
    signal,
  });

/** The organization's members, a page at a time; refetched when the memberships view changes. */
export function useUsers(page: number) {
  return useQuery({
    queryKey: usersQueryKey(page),
    queryFn: ({ signal }) => getUsers(page, { signal }),
    placeholderData: keepPreviousData,
  });
}
