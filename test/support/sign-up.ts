import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { signIn, type Client } from './session';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  organization_name: string;
}

/** The /registrations/{id}/complete link of the newest sign-up mail to `email` in the dev mailbox. */
export async function registrationLinkFor(
  url: string,
  email: string,
): Promise<{ id: string; token: string; path: string }> {
  const { body } = await request(url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200);
  const mail = (body.data as { subject: string; text: string }[]).find(
    (entry) => entry.subject === 'Finish creating your Tocsin account',
  );
  const match = mail && /\/registrations\/([0-9a-f-]+)\/complete\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no sign-up link mailed to ${email}`);
  return { id: match[1], token: match[2], path: match[0] };
}

/**
 * Sign-up as a person does it: step one mails the link, step two follows it with the password and the
 * organization. Answers step two's response (201, `data.id` the new user, Set-Cookie the new session).
 */
export async function signUp(url: string, input: SignUpInput, agent = request.agent(url)) {
  await agent.post('/registrations').send({ name: input.name, email: input.email }).expect(202);
  const { id, token } = await registrationLinkFor(url, input.email);
  return agent
    .post(`/registrations/${id}/complete`)
    .send({
      token,
      password: input.password,
      password_confirmation: input.password,
      organization_name: input.organization_name,
    })
    .expect(201);
}

/**
 * The owner of a second organization, signed up and signed in: the stranger every tenant check needs.
 * `label` starts the email (unique per call), so a failing test says whose it was.
 */
export async function signUpOtherOwner(url: string, label = 'other', name = 'Other'): Promise<Client> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(url, { name, email, password: OTHER_PASSWORD, organization_name: 'Other Org' });
  return signIn(url, email, OTHER_PASSWORD);
}
const OTHER_PASSWORD = 'other-org-secret';
