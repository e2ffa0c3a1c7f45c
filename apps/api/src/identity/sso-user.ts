import { emailDomainOf } from '@tocsin/domain';
import { ssoConfigurationsProjection } from '@tocsin/projector';
import type { ReadStore, ViewDocument } from '@tocsin/platform';

/**
 * Whether a user signs in only through single sign-on: they signed in that way once (SsoLinked) and an
 * enabled configuration still claims their email's domain. Once an owner turns it off, they are ordinary
 * users again and can set a password through a reset, rather than being locked out.
 */
export async function signsInWithSso(store: ReadStore, user: ViewDocument | null): Promise<boolean> {
  if (!user?.ssoEnabled) return false;
  const domain = emailDomainOf(String(user.email));
  return !!domain && !!(await store.findOne(ssoConfigurationsProjection.collection, { enabled: true, domains: domain }));
}
