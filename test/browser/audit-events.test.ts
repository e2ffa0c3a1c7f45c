import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { checkScreen } from '../support/accessibility';
import { expectText, useBrowserSuite } from '../support/browser';
import { apiCall, signIn } from './sign-in';

const ITEMS = '/api/v1/signals/notification_policy_items';

/** /settings/audit_events against the real server: filtered, paged, expanded and exported. */
describe('audit events screen', () => {
  const suite = useBrowserSuite({ page: 'suite' });
  const ids: string[] = [];
  const rows = () => suite.page.getByTestId('audit-row');
  const download = async (page: Page, name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
    return readFileSync((await file.path())!, 'utf8');
  };

  beforeAll(async () => {
    await signIn(suite.page, 'owner');
    // enough changes for a second page of 25, the three to find last
    for (const max_delay of [...Array.from({ length: 25 }, () => 'PT1M'), 'PT11M', 'PT12M', 'PT13M']) {
      const response = await apiCall(suite.page, 'POST', ITEMS, {
        priority: 'LOW',
        notification_group_method: 'email',
        max_delay,
      });
      expect(response.status).toBe(201);
      if (max_delay !== 'PT1M') ids.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    // load afresh: a page open while these policy items came would ask about the preferences they outdate
    await suite.page.reload();
  });

  it('opens from the navigation and pages through the organization’s events', async () => {
    const page = suite.page;
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit Events' }).click();
    await page.waitForURL('**/settings/audit_events');
    await page.getByRole('heading', { level: 1, name: 'Audit events' }).waitFor();
    await rows().first().waitFor();
    expect(await rows().count()).toBe(25);
    const firstOnPageOne = await rows().first().textContent();
    expect(firstOnPageOne).toContain('PolicyItemCreated');

    await page.getByRole('button', { name: 'Next' }).click();
    await expectText(page.getByTestId('audit-page'), 'Page 2');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="audit-row"]')?.textContent !== before,
      firstOnPageOne,
    );
    await checkScreen(page, 'audit-events-page-2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectText(page.getByTestId('audit-page'), 'Page 1');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="audit-row"]')?.textContent === before,
      firstOnPageOne,
    );
  });

  it('filters by type and resource, and opens an event to its data', async () => {
    const page = suite.page;
    await page.getByLabel('Event type').fill('PolicyItemCreated');
    await page.getByLabel('Resource').fill(`notificationPolicyItem-${ids[1]}`);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-row"]').length === 1);
    const row = rows().first();
    expect(await row.getAttribute('data-type')).toBe('PolicyItemCreated');
    // the actor by name (owners see personal data), its id kept for a hover
    const me = (await (await apiCall(page, 'GET', '/api/v1/me')).json()) as {
      data: { user: { id: string; name: string } };
    };
    expect(await row.getByTitle(me.data.user.id).textContent()).toBe(me.data.user.name);
    await row.getByRole('button', { name: /Show data/ }).click();
    const details = page.getByTestId('audit-details');
    const data = JSON.parse((await details.getByLabel('Event data').textContent()) ?? 'null');
    expect(data).toMatchObject({ id: ids[1], max_delay: 'PT12M' });
    await checkScreen(page, 'audit-events-filtered');
  });

  it('exports the filtered events as CSV and NDJSON', async () => {
    const page = suite.page;
    await page.getByLabel('Resource').fill('notificationPolicyItem');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="audit-row"]').length >= 3);

    const csv = (await download(page, 'CSV')).trimEnd().split('\r\n');
    expect(csv[0]).toBe(
      'cursor,id,occurred_at,organization_id,type,actor_kind,actor_id,actor_via,resource_kind,resource_id,correlation_id,data',
    );
    const body = csv.slice(1);
    expect(body.every((line) => line.includes(',PolicyItemCreated,person,'))).toBe(true);
    for (const id of ids)
      expect(body.filter((line) => line.includes(`,notificationPolicyItem,${id},`))).toHaveLength(1);

    const lines = (await download(page, 'NDJSON'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; resource: { id: string }; data: { max_delay: string } });
    expect(new Set(lines.map((e) => e.type))).toEqual(new Set(['PolicyItemCreated']));
    // oldest first: the three made here are the last ones
    expect(lines.slice(-3).map((e) => [e.resource.id, e.data.max_delay])).toEqual([
      [ids[0], 'PT11M'],
      [ids[1], 'PT12M'],
      [ids[2], 'PT13M'],
    ]);
  });
});
