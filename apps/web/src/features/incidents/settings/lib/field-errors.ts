import { ApiError } from '@/lib/api-client';

/** The API's field messages of a failed save: `items[2].name` -> its messages. Empty for other errors. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, messages]) => [field, [messages].flat()]));
}

/** Messages of the fields named `path` or nested under it (`items[0].tasks` takes `items[0].tasks[3].title`). */
export function messagesUnder(fields: Record<string, string[]>, path: string): string | undefined {
  const found = Object.entries(fields)
    .filter(([field]) => field === path || field.startsWith(`${path}[`) || field.startsWith(`${path}.`))
    .flatMap(([, messages]) => messages);
  return found.length > 0 ? found.join(' ') : undefined;
}

export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;
