import request from 'supertest';
import { CSRF_HEADER } from '@tocsin/contracts';
import { csrfFrom, signIn, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

export const PASSWORD = 'long-enough-secret';

/** A new user owning a new organization, signed in. */
export async function registerOrg(
  url: string,
  email: string,
  organizationName: string,
): Promise<{ client: Client; userId: string }> {
  const registered = await signUp(url, {
    name: organizationName,
    email,
    password: PASSWORD,
    organization_name: organizationName,
  });
  return { client: await signIn(url, email, PASSWORD), userId: registered.body.data.id };
}

/** The accept link of an invitation email's text. */
export function acceptLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in: ${text}`);
  return link;
}

export const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

/** A client for the session a response just set (Set-Cookie), echoing its CSRF cookie as the web app does. */
export function clientFromCookies(url: string, setCookie: string[]): Client {
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
  const csrf = csrfFrom(setCookie);
  const agent = request.agent(url);
  const withCookie = <T extends { set(name: string, value: string): T }>(test: T) => test.set('Cookie', cookie);
  return {
    agent,
    cookie,
    url,
    get: (path: string) => withCookie(agent.get(path)),
    post: (path: string) => withCookie(agent.post(path)).set(CSRF_HEADER, csrf),
    put: (path: string) => withCookie(agent.put(path)).set(CSRF_HEADER, csrf),
    patch: (path: string) => withCookie(agent.patch(path)).set(CSRF_HEADER, csrf),
    delete: (path: string) => withCookie(agent.delete(path)).set(CSRF_HEADER, csrf),
  };
}
