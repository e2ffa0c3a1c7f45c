import request from 'supertest';
import { CSRF_COOKIE, CSRF_HEADER } from '@tocsin/contracts';
import type { AccountRole } from '@tocsin/domain';

export const DEMO_PASSWORD = 'tocsin-demo-password';
export const demoEmail = (role: AccountRole) => `${role}@demo.tocsin.dev`;

export type Client = ReturnType<typeof clientFor>;

/** A supertest agent carrying the session cookie and sending the CSRF header on mutations, as the web app does. */
function clientFor(url: string, agent: ReturnType<typeof request.agent>, csrf: string, cookie: string) {
  return {
    agent,
    /** The Cookie header a browser would send (for socket handshakes). */
    cookie,
    get: (path: string) => agent.get(path),
    post: (path: string) => agent.post(path).set(CSRF_HEADER, csrf),
    put: (path: string) => agent.put(path).set(CSRF_HEADER, csrf),
    patch: (path: string) => agent.patch(path).set(CSRF_HEADER, csrf),
    delete: (path: string) => agent.delete(path).set(CSRF_HEADER, csrf),
    url,
  };
}

export function csrfFrom(setCookie: string[] | string | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  if (!found) throw new Error('sign-in did not set the CSRF cookie');
  return decodeURIComponent(found.slice(CSRF_COOKIE.length + 1));
}

export async function signIn(url: string, email: string, password = DEMO_PASSWORD): Promise<Client> {
  const agent = request.agent(url);
  const response = await agent.post('/sessions').send({ email, password }).expect(201);
  const setCookie = response.headers['set-cookie'] as unknown as string[];
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  return clientFor(url, agent, csrfFrom(setCookie), cookie);
}

export const signInAs = (url: string, role: AccountRole) => signIn(url, demoEmail(role));

/** A program calling with an API key: `Authorization: Bearer`, no cookie, no CSRF header. */
export function keyClient(url: string, secret: string): Client {
  const agent = request.agent(url);
  const auth = `Bearer ${secret}`;
  return {
    agent,
    cookie: '',
    url,
    get: (path: string) => agent.get(path).set('Authorization', auth),
    post: (path: string) => agent.post(path).set('Authorization', auth),
    put: (path: string) => agent.put(path).set('Authorization', auth),
    patch: (path: string) => agent.patch(path).set('Authorization', auth),
    delete: (path: string) => agent.delete(path).set('Authorization', auth),
  };
}
