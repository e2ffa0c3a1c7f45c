import { SSO_LINK_FIRST, SSO_OPERATOR_REFUSED } from '@tocsin/domain';
import { membershipsProjection, usersProjection, type UserDoc } from '@tocsin/projector';
import type { Identity } from '../identity/identity.types';
import type { Runtime } from '../runtime/runtime';
import { SsoSignInError } from './sso-sign-in.error';

/**
 * An organization's identity provider vouches for an email; that is not enough to take over an account that
 * already exists (ARCHITECTURE.md, security rules). Operators never sign in this way. Anyone else who already
 * has a way in (a password, or another organization) links single sign-on from a session they opened that way,
 * as PagerDuty and Opsgenie ask. New people, and people already linked to this organization, pass.
 */
export async function refuseTakeover(runtime: Runtime, email: string, organizationId: string, signedIn: Identity | undefined): Promise<void> {
  if (runtime.config.ADMIN_EMAILS.includes(email)) throw new SsoSignInError(SSO_OPERATOR_REFUSED);
  const store = runtime.infra.readStore;
  const user = await store.findOne<UserDoc>(usersProjection.collection, { email });
  if (!user) return;
  if (signedIn && !signedIn.staff && signedIn.userId === user._id) return;
  if (user.ssoOrganizationId === organizationId) return;
  const elsewhere = await store.findOne(membershipsProjection.collection, { userId: user._id, orgId: { $ne: organizationId } });
  if (elsewhere || user.passwordHash) throw new SsoSignInError(SSO_LINK_FIRST);
}
