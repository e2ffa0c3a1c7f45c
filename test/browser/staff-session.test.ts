import { CSRF_COOKIE, CSRF_HEADER } from '@tocsin/contracts';
import { expectText, screenshot, useBrowserSuite } from '../support/browser';
import { registrationLinkFor } from '../support/sign-up';
import { checkScreen } from '../support/accessibility';

const OPERATOR = 'staff-operator@tocsin.example';

/** SPEC.md section 2: staff sessions show a red banner whose link to /sessions exits staff access. */
describe('staff session banner', () => {
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: OPERATOR }, page: 'suite' });

  it('enters a customer organization as staff, shows the red banner, and its exit link returns the operator home', async () => {
    // the operator signs up with their own organization (this signs the browser in)
    expect(
      (await suite.page.request.post('/registrations', { data: { name: 'Olga Operator', email: OPERATOR } })).status(),
    ).toBe(202);
    const { id, token } = await registrationLinkFor(suite.app.url, OPERATOR);
    const completed = await suite.page.request.post(`/registrations/${id}/complete`, {
      data: {
        token,
        password: 'long-enough-secret',
        password_confirmation: 'long-enough-secret',
        organization_name: 'Tocsin Support',
      },
    });
    expect(completed.status()).toBe(201);
    await suite.page.goto('/incidents');
    await expectText(suite.page.getByTestId('organization-name'), 'Tocsin Support');
    expect(await suite.page.getByTestId('staff-banner').count()).toBe(0);

    const csrf = (await suite.page.context().cookies()).find((c) => c.name === CSRF_COOKIE)!.value;
    const entered = await suite.page.request.post('/api/v1/staff_sessions', {
      data: { organization_id: 'org-demo' },
      headers: { [CSRF_HEADER]: csrf },
    });
    expect(entered.status()).toBe(201);
    await suite.page.goto('/incidents');
    const banner = suite.page.getByTestId('staff-banner');
    await expectText(banner.getByText('You are in a staff session.'), 'You are in a staff session.');
    await expectText(suite.page.getByTestId('organization-name'), 'Demo Organization');
    const [red, green, blue] = (await banner.evaluate((element) => getComputedStyle(element).backgroundColor))
      .match(/\d+/g)!
      .map(Number);
    expect(red).toBeGreaterThan(200);
    expect(Math.max(green, blue)).toBeLessThan(100);
    await checkScreen(suite.page, 'staff-session-banner');

    await banner.getByRole('link', { name: 'Exit staff access' }).click();
    await suite.page.waitForURL((url) => url.pathname !== '/sessions');
    await expectText(suite.page.getByTestId('organization-name'), 'Tocsin Support');
    // home for the owner of a new organization is its onboarding checklist until that is done
    await suite.page.getByRole('heading', { name: 'Get started with Signals' }).waitFor();
    expect(await suite.page.getByTestId('staff-banner').count()).toBe(0);
    expect(await suite.page.getByRole('status').filter({ hasText: 'Staff session' }).count()).toBe(0);
    await screenshot(suite.page, 'staff-session-exited');
  });
});
