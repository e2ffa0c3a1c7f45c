import { CSRF_COOKIE, CSRF_HEADER } from '@tocsin/contracts';

/** The API's error body (ARCHITECTURE.md): every non-2xx answer carries it. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string[] | string>;
}

export class ApiError extends Error implements ApiErrorBody {
  readonly error: string;
  readonly fields?: ApiErrorBody['fields'];

  /** `body` is kept whole: some answers (a 503 health report) are useful beyond the error fields. */
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const parsed = (body ?? {}) as Partial<ApiErrorBody>;
    super(typeof parsed.message === 'string' ? parsed.message : `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.error = typeof parsed.error === 'string' ? parsed.error : 'http_error';
    this.fields = parsed.fields;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { error: 'invalid_response', message: text.slice(0, 200) };
  }
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/** Double-submit CSRF: a mutation echoes the JS-readable cookie, which another site's page cannot read. */
function csrfHeader(method: string): Record<string, string> {
  if (method === 'GET' || method === 'HEAD') return {};
  const token = readCookie(CSRF_COOKIE);
  return token === undefined ? {} : { [CSRF_HEADER]: token };
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  // A FormData body (file upload) goes as multipart: the browser writes its Content-Type and boundary.
  const form = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !form && { 'Content-Type': 'application/json' }),
      ...csrfHeader(method),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal,
  });
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options: { signal?: AbortSignal } = {}) => request<T>('GET', path, undefined, options.signal),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/**
 * Whether this browser holds a session at all: the server sets the JS-readable CSRF cookie together with the
 * session cookie, for as long, and clears both together. Without it no request can be signed in.
 */
export const hasSessionCookie = (): boolean => readCookie(CSRF_COOKIE) !== undefined;

/** The API's answer to a browser without a session, known without asking it (so no 401 is logged). */
export const signedOutError = (): ApiError =>
  new ApiError(401, { error: 'unauthorized', message: 'You are signed out. Sign in to continue.' });

/** SPEC: a 401 from the API means the session is gone. */
export const isSignedOut = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
