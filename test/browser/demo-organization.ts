import type { Page } from 'playwright-core';
import { organizationCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { systemContext } from '../../apps/api/src/shared/request-context';
import type { TestApp } from '../support/app';
import { apiCall, DEMO_PASSWORD, signIn } from './sign-in';
import { signUp } from '../support/sign-up';

export interface DemoOrganizationUser {
  userId: string;
  name: string;
  email: string;
}

let seq = 0;

/**
 * A fresh person holding `role` in the demo organization, signed in there through the login form: their
 * preferences and onboarding start empty, whatever other tests did to the seeded users.
 */
export async function joinDemoOrganization(
  app: TestApp,
  page: Page,
  role: 'owner' | 'member',
  label: string,
): Promise<DemoOrganizationUser> {
  const email = `${label}-${role}-${Date.now()}-${seq++}@example.com`;
  const name = `${label} ${role} ${seq}`;
  const { body } = await signUp(app.url, { name, email, password: DEMO_PASSWORD, organization_name: `${name} Org` });
  const userId = body.data.id as string;
  const { position } = await app.app
    .get(Commands)
    .run(
      organizationCommand({ type: 'AddMember', organizationId: 'org-demo', userId, role }, systemContext('org-demo')),
    );
  await app.runtime.runner!.waitFor(position!);
  await signIn(page, email, DEMO_PASSWORD);
  const switched = await apiCall(page, 'PUT', '/api/v1/me/organization', { organization_id: 'org-demo' });
  if (switched.status !== 200) throw new Error(`switching to the demo organization answered ${switched.status}`);
  return { userId, name, email };
}
