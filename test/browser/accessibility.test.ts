import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from 'axe-core';
import { axeViolations, checkScreen, SCREEN_WIDTHS, viewportFor } from '../support/accessibility';
import { useBrowserSuite } from '../support/browser';
import { signIn } from './sign-in';

/** Every page that exists, signed out and signed in as an owner, through the shared check at both widths. */
const SIGNED_OUT = ['/sessions/new', '/registrations/new', '/forgot_passwords/new', '/legal/terms', '/about'];
const SIGNED_IN = [
  '/signals/alerts',
  '/signals/notification_policy',
  '/account/edit',
  '/account/password_security',
  '/account/organization_settings',
  '/settings/teams',
  '/settings/teams/new',
  '/settings/users',
  '/settings/invitations/new',
  '/settings/organization',
  '/settings/organization_roles',
  '/settings/sso/edit',
  '/onboarding',
  '/ops',
  '/history',
  '/unauthorized/manage_billing',
  '/no-such-page',
];

/** Every violation of every impact, for the counts in test-results/accessibility.json. */
const found: Array<{ path: string; width: number; violations: Result[] }> = [];

describe('accessibility of every screen (WCAG 2.1 AA and best practices, axe)', () => {
  const suite = useBrowserSuite({ page: 'suite' });

  afterAll(() => {
    const count = (impact: string) =>
      found.reduce(
        (sum, screen) =>
          sum + screen.violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0),
        0,
      );
    const byRule: Record<string, number> = {};
    for (const screen of found) for (const v of screen.violations) byRule[v.id] = (byRule[v.id] ?? 0) + v.nodes.length;
    const dir = join(__dirname, '..', '..', 'test-results');
    mkdirSync(dir, { recursive: true });
    const summary = {
      screens: found.length,
      critical: count('critical'),
      serious: count('serious'),
      moderate: count('moderate'),
      minor: count('minor'),
      byRule,
    };
    writeFileSync(join(dir, 'accessibility.json'), JSON.stringify({ summary, found }, null, 2));
  });

  /** Records everything axe finds on the page at both widths (for the counts), then runs the shared check. */
  async function survey(path: string) {
    const name = `a11y${path.replace(/[^a-z0-9]+/gi, '-')}`;
    for (const width of SCREEN_WIDTHS) {
      await suite.page.setViewportSize(viewportFor(width));
      found.push({ path, width, violations: await axeViolations(suite.page) });
    }
    await checkScreen(suite.page, name);
  }

  async function open(path: string) {
    await suite.page.goto(path);
    await suite.page.getByRole('heading', { level: 1 }).first().waitFor();
    await suite.page.waitForLoadState('networkidle');
  }

  describe('signed out', () => {
    it.each(SIGNED_OUT)('%s', async (path) => {
      await open(path);
      await survey(path);
    });
  });

  describe('signed in as an owner', () => {
    beforeAll(() => signIn(suite.page, 'owner'));
    it.each(SIGNED_IN)('%s', async (path) => {
      await open(path);
      await survey(path);
    });
  });
});
