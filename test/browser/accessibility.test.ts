import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { RealtimeGateway } from '../../apps/api/src/realtime/realtime.gateway';
import { checkScreen, expectAccessible } from '../support/accessibility';
import { launchBrowser, useBrowserSuite } from '../support/browser';
import { apiCall, signIn, signInTo } from './sign-in';

/** Every page that exists, signed out and signed in as an owner, through the shared check at both widths. */
const SIGNED_OUT = ['/sessions/new', '/registrations/new', '/forgot_passwords/new', '/legal/terms', '/about'];
const SIGNED_IN = [
  '/signals/alerts',
  '/signals/logs',
  '/signals/sources',
  '/signals/sources/new',
  '/signals/sources/heartbeats/new',
  // {source}: an event source made for the survey (the demo organization has none)
  '/signals/sources/{source}/edit',
  '/signals/notification_policy',
  '/incidents',
  '/incidents/tasks',
  '/incidents/follow_ups',
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

  /** The shared check at both widths, keeping everything axe finds for the counts. */
  const survey = (path: string) =>
    checkScreen(suite.page, `a11y${path.replace(/[^a-z0-9]+/gi, '-')}`, {
      record: (width, violations) => found.push({ path, width, violations }),
    });

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
    const made: Record<string, string> = {};
    beforeAll(async () => {
      await signIn(suite.page, 'owner');
      const team = await apiCall(suite.page, 'POST', '/api/v1/teams', { name: `Survey ${Date.now().toString(36)}` });
      const teamId = ((await team.json()) as { data: { id: string } }).data.id;
      const source = await apiCall(suite.page, 'POST', '/api/v1/signals/event_sources', {
        name: 'Survey source',
        format: 'generic',
        team_id: teamId,
        auto_resolve_after: 'PT30M',
      });
      made.source = ((await source.json()) as { data: { id: string } }).data.id;
    });
    // Two axe runs and two screenshots of a full page: more than the default 30 s on a busy machine.
    it.each(SIGNED_IN)(
      '%s',
      async (path) => {
        await open(path.replace(/\{(\w+)\}/g, (_, name: string) => made[name]));
        await survey(path);
      },
      60_000,
    );
  });
});

describe('what is not seen: announcements, focus and motion', () => {
  const suite = useBrowserSuite();

  /** Every text the app's polite live region takes, in order, from now on. */
  async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
    const region = page.getByTestId('announcer');
    expect(await region.getAttribute('role')).toBe('status');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    await region.evaluate((element) => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => said.push((element.textContent ?? '').replace(/\u200b/g, ''))).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    return () => page.evaluate(() => (window as unknown as { said: string[] }).said.filter(Boolean));
  }

  it('reads toasts out through the one polite live region that was in the page before them', async () => {
    await suite.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInTo(suite.page, 'owner', '/account/organization_settings');
    const said = await recordAnnouncements(suite.page);
    await suite.page.getByRole('button', { name: 'Copy URL' }).click();
    const toast = suite.page.getByTestId('toast').filter({ hasText: 'Copied to clipboard' });
    await toast.waitFor();
    expect(await said()).toEqual(['Copied to clipboard']);
    // The toast is not a second live region: it would be read twice, or (added with its text) not at all.
    expect(await toast.getAttribute('role')).toBe('group');
    expect(await toast.getAttribute('aria-live')).toBeNull();
    await checkScreen(suite.page, 'a11y-toast-announced');
  });

  it('says when live updates stop and come back, and the badge says it in words', async () => {
    await signInTo(suite.page, 'owner', '/ops');
    const badge = suite.page.getByTestId('connection-badge');
    await badge.and(suite.page.locator('[data-state="connected"]')).waitFor();
    // Seen as "Live" beside a green dot, heard as "Live updates: Live".
    expect(await badge.textContent()).toBe('Live updates: Live');
    const said = await recordAnnouncements(suite.page);
    // The transport drops, as on a flaky network; the client reconnects by itself.
    const server = suite.app.app.get(RealtimeGateway).server;
    for (const client of Object.values(server.engine.clients)) (client as { close(): void }).close();
    await suite.page.waitForFunction(() => (window as unknown as { said: string[] }).said.length >= 2);
    expect(await said()).toEqual([
      'Live updates stopped. Reconnecting; what you see may be out of date.',
      'Live updates resumed.',
    ]);
    await badge.and(suite.page.locator('[data-state="connected"]')).waitFor();
  });

  it('draws a focus outline on every link, input and button reached by keyboard', async () => {
    await suite.page.goto('/sessions/new');
    await suite.page.getByLabel('Email', { exact: true }).waitFor();
    const stops: Array<{ name: string; outline: string }> = [];
    for (let n = 0; n < 6; n++) {
      await suite.page.keyboard.press('Tab');
      stops.push(
        await suite.page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          return {
            name: element.getAttribute('name') ?? element.textContent?.trim() ?? element.tagName,
            outline: `${style.outlineStyle} ${style.outlineWidth}`,
          };
        }),
      );
    }
    expect(stops.slice(0, 4)).toEqual([
      { name: 'Skip to main content', outline: 'solid 2px' },
      { name: 'Tocsin', outline: 'solid 2px' },
      { name: 'email', outline: 'solid 2px' },
      { name: 'password', outline: 'solid 2px' },
    ]);
    for (const stop of stops) expect(stop.outline).toBe('solid 2px');
  });

  it.each([
    ['reduce', 'none'],
    ['no-preference', 'tocsin-live-pulse'],
  ] as const)('moves the live badge and transitions only when motion is welcome (%s)', async (motion, animation) => {
    await suite.page.emulateMedia({ reducedMotion: motion });
    await signIn(suite.page, 'owner');
    const badge = suite.page.getByTestId('connection-badge');
    await badge.and(suite.page.locator('[data-state="connected"]')).waitFor();
    const style = await badge.evaluate((element) => {
      const dot = getComputedStyle(element, '::before');
      const button = getComputedStyle(document.querySelector('[data-testid="user-menu"]')!);
      return {
        animation: dot.animationName,
        pulses: dot.animationIterationCount,
        transition: parseFloat(button.transitionDuration),
      };
    });
    expect(style.animation).toBe(animation);
    // a few breaths when updates start to arrive, then still: an endless pulse kept the page drawing frames
    if (motion === 'no-preference') expect(style.pulses).toBe('3');
    if (motion === 'reduce') expect(style.transition).toBeLessThan(0.001);
  });
});

describe('the accessibility check itself', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    // a context of its own, as the suites' pages have: axe opens a page beside a framed one to merge results
    page = await (await browser.newContext()).newPage();
  });
  afterAll(() => browser.close());
  const html = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;

  it('passes a page with nothing blocking', async () => {
    await page.setContent(html('<button>Save</button>'));
    await expect(expectAccessible(page, 'a clean page')).resolves.toBeInstanceOf(Array);
  });

  it('fails on a serious violation, naming the element, in a page without frames', async () => {
    await page.setContent(html('<button id="unnamed"></button>'));
    await expect(expectAccessible(page, 'a page without frames')).rejects.toThrow(/button-name: #unnamed/);
  });

  it('sees what changed in a document since its last check (axe stays in the page between checks)', async () => {
    await page.setContent(html('<button>Save</button>'));
    await expectAccessible(page, 'the first state');
    await page.evaluate(() =>
      document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button id="later"></button>'),
    );
    await expect(expectAccessible(page, 'a later state')).rejects.toThrow(/button-name: #later/);
  });

  it('fails on a serious violation inside a frame, naming the frame and the element', async () => {
    const framed = html('<button id="unnamed"></button>').replace(/"/g, '&quot;');
    await page.setContent(html(`<iframe title="Framed" srcdoc="${framed}"></iframe>`));
    await page.frameLocator('iframe').locator('#unnamed').waitFor({ state: 'attached' });
    expect(page.frames()).toHaveLength(2);
    await expect(expectAccessible(page, 'a page with a frame')).rejects.toThrow(/button-name: iframe #unnamed/);
  });
});

describe('the accessibility check in every screen test', () => {
  it('is run by every browser test that photographs a screen, at both widths, through checkScreen', () => {
    const missing = readdirSync(__dirname)
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => {
        const source = readFileSync(join(__dirname, file), 'utf8');
        return /\bscreenshot\(/.test(source) && !/\bcheckScreen\(/.test(source);
      });
    expect(missing).toEqual([]);
  });
});
