import { expectText, useBrowserSuite } from '../support/browser';
import { signIn as signInClient } from '../support/session';
import { PASSWORD, registerOrg } from '../api/organization-admin.support';
import { signIn } from './sign-in';
import { checkScreen } from '../support/accessibility';

const OPERATOR = 'quota-operator@tocsin.example';

/** SPEC.md sections 4 and 8: once the runbooks quota is used up, the runbook add action opens the limit modal. */
describe('quota modal', () => {
  const suite = useBrowserSuite({ env: { ADMIN_EMAILS: OPERATOR }, page: 'suite' });

  it("opens the limit modal with the spec's sentence instead of going to /runbooks/new", async () => {
    const email = `quota-owner-${Date.now()}@example.com`;
    const { client: owner } = await registerOrg(suite.app.url, email, 'Quota Co');
    const orgId = (await owner.get('/api/v1/me').expect(200)).body.data.organization.id as string;

    await signIn(suite.page, email, PASSWORD);

    // within the free tier's 5 runbooks the action leads to the new runbook page
    await suite.page.goto('/runbooks');
    const panel = suite.page.getByTestId('help-panel');
    const add = panel.getByRole('link', { name: 'Add Runbook' });
    expect(await add.getAttribute('href')).toBe('/runbooks/new');

    // the operator stops runbooks for this organization: its quota is used up
    await registerOrg(suite.app.url, OPERATOR, 'Operators');
    const operator = await signInClient(suite.app.url, OPERATOR, PASSWORD);
    await operator.put(`/api/v1/staff/organizations/${orgId}/quotas/runbooks`).send({ maximum: 0 }).expect(200);

    await suite.page.reload();
    await panel.getByRole('button', { name: 'Add Runbook' }).click();
    const modal = suite.page.getByRole('dialog', { name: 'Plan limit reached' });
    await expectText(
      modal.getByTestId('quota-modal-text'),
      "Oh no! You've reached the limit! You can only create 0 runbooks on a free plan. Reach out to the owner of the account to upgrade your plan.",
    );
    expect(new URL(suite.page.url()).pathname).toBe('/runbooks');
    await checkScreen(suite.page, 'quota-modal-runbooks');

    await modal.getByRole('button', { name: 'OK' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(suite.page.url()).pathname).toBe('/runbooks');

    // typed or linked, the add pages need the entitlement too (SPEC.md section 2): back to the runbooks
    for (const path of ['/runbooks/new', '/runbooks/new/postmortem', '/runbooks/some-runbook/copy']) {
      await suite.page.goto(path);
      await suite.page.waitForURL((url) => url.pathname === '/runbooks');
    }
  });
});
