import type { Page } from 'playwright-core';
import { expectText, screenshot, useBrowserSuite } from '../support/browser';
import { joinDemoOrganization } from './demo-organization';
import { checkScreen } from '../support/accessibility';

/** A person of two organizations switches in one tab; every tab of the browser follows (one session cookie). */
describe('switching organization', () => {
  const suite = useBrowserSuite({ page: 'suite' });

  let first: Page;

  beforeAll(() => {
    first = suite.page;
  });

  it('moves the other tab too, and the mobile menu offers the switch', async () => {
    const { name } = await joinDemoOrganization(suite.app, first, 'member', 'switch');
    const own = `${name} Org`;
    await first.goto('/incidents');
    await expectText(first.getByTestId('organization-name'), 'Demo Organization');
    const second = await first.context().newPage();
    await second.goto('/incidents/tasks');
    await expectText(second.getByTestId('organization-name'), 'Demo Organization');

    // desktop: the user menu of the first tab
    await first.getByTestId('user-menu').click();
    await first.getByRole('menuitem', { name: own }).click();
    await expectText(first.getByTestId('organization-name'), own);
    // the second tab follows, starting afresh at home
    await expectText(second.getByTestId('organization-name'), own);
    await second.waitForURL((url) => !url.pathname.startsWith('/incidents/tasks'));
    // home in their own new organization is its onboarding checklist until that is done; the app is one click on
    await second.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
    await second.getByRole('link', { name: 'Skip to the app' }).click();
    await expectText(second.getByTestId('organization-name'), own);
    await checkScreen(second, 'organization-switched');

    // mobile: the menu lists the organizations, the current one marked
    await second.setViewportSize({ width: 390, height: 844 });
    await second.getByRole('button', { name: 'Open the menu' }).click();
    const organizations = second
      .getByRole('navigation', { name: 'Mobile navigation' })
      .getByRole('group', { name: 'Organizations' });
    await organizations.getByRole('button', { name: 'Demo Organization' }).waitFor();
    expect(await organizations.getByRole('button', { name: own }).textContent()).toBe(`${own}Current`);
    await organizations.scrollIntoViewIfNeeded();
    await screenshot(second, 'mobile-menu-organizations');
    await organizations.getByRole('button', { name: 'Demo Organization' }).click();
    await expectText(second.getByTestId('organization-name'), 'Demo Organization');
    await expectText(first.getByTestId('organization-name'), 'Demo Organization');
  });
});
