import { userStream } from '@tocsin/domain';
import type { TestApp } from '../support/app';
import { signIn, type Client } from '../support/session';
import { signUp } from '../support/sign-up';

export const ACCOUNT_PASSWORD = 'first-password-1';
let seq = 0;

/** A fresh user owning a fresh organization (so changing its password disturbs no other suite), signed in. */
export async function newUser(
  app: TestApp,
  label: string,
): Promise<{ client: Client; userId: string; email: string; orgId: string }> {
  const email = `${label}-${Date.now()}-${seq++}@example.com`;
  const registered = await signUp(app.url, {
    name: `User ${label}`,
    email,
    password: ACCOUNT_PASSWORD,
    organization_name: `Org ${label}`,
  });
  const client = await signIn(app.url, email, ACCOUNT_PASSWORD);
  const orgId = (await client.get('/api/v1/me').expect(200)).body.data.organization.id as string;
  return { client, userId: registered.body.data.id, email, orgId };
}

/** How many events the user's stream holds: "nothing written" is the same count before and after. */
export const userEventCount = async (app: TestApp, userId: string) =>
  (await app.runtime.infra.eventStore.readStream(userStream(userId))).length;
