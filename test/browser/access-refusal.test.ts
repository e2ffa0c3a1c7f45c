import { expectText, useBrowserSuite } from '../support/browser';
import { signInTo } from './sign-in';
import { checkScreen } from '../support/accessibility';

/** The unauthorized page tells the truth about why a page was refused: the role, or a missing permission. */
describe('unauthorized page', () => {
  const suite = useBrowserSuite();

  it('names the roles of on-call hours to a viewer, not the read_analytics they hold', async () => {
    await signInTo(suite.page, 'viewer', '/analytics/shift_hours');
    await suite.page.waitForURL(
      (url) =>
        url.pathname === '/unauthorized/read_analytics' &&
        url.searchParams.get('roles') === 'collaborator,member,owner',
    );
    await expectText(
      suite.page.getByTestId('required-roles'),
      'This page is for the roles Collaborator, Member or Owner. Your role is Viewer.',
    );
    expect(await suite.page.getByTestId('required-permission').count()).toBe(0);
    await checkScreen(suite.page, 'unauthorized-role-shift-hours');
  });

  it('still names a missing permission, with the role, when both refuse', async () => {
    await signInTo(suite.page, 'member', '/signals/notification_policy');
    await suite.page.waitForURL((url) => url.pathname === '/unauthorized/manage_organization_notification_policies');
    await expectText(suite.page.getByTestId('required-roles'), 'This page is for the role Owner. Your role is Member.');
    expect(await suite.page.getByTestId('required-permission').textContent()).toContain(
      'manage_organization_notification_policies',
    );
  });
});
