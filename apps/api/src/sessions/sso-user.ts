import { emailDomainOf } from '@tocsin/domain';
import { ssoConfigurationsView } from '@tocsin/read-models';
import type { ReadStore, ViewDocument } from '@tocsin/platform';

/**
 * Whether a user signs in only through single sign-on: they linked it (SsoLinked) and the organization they
 * linked to still has it on, with their email's domain proven. Once an owner turns it off or drops the domain,
 * they are ordinary users again and can set a password through a reset, rather than being locked out.
 * Operators (`adminEmails`) never sign in through an organization's single sign-on, so never lose their password.
 */
export async function signsInWithSso(
  store: ReadStore,
  user: ViewDocument | null,
  adminEmails: readonly string[],
): Promise<boolean> {
  if (!user?.ssoEnabled || adminEmails.includes(String(user.email))) return false;
  const domain = emailDomainOf(String(user.email));
  const linkedTo = typeof user.ssoOrganizationId === 'string' ? user.ssoOrganizationId : undefined;
  return !!domain && !!(await ssoConfigurationsView.signingIn(store, domain, linkedTo));
}
