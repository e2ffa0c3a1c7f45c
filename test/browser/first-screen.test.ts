import type { Page, Route } from 'playwright-core';
import { useBrowserSuite } from '../support/browser';
import { signIn } from './sign-in';

/** The part of the app behind the session check: shell, navigation and screens (apps/web/src/app/router.tsx). */
const SIGNED_IN_CHUNK = /\/assets\/signed-in-app-[^/]+\.js$/;

/** The script files the page fetched, by name without their content hash. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.match(/^\/assets\/(.+)-[\w-]{8}\.js$/)?.[1];
    if (name) scripts.push(name);
  });
  return scripts;
}

/** The web bundle is split by route: the first screen loads what it shows, the rest comes when opened. */
describe('first screen', () => {
  const suite = useBrowserSuite();

  it('loads the sign-in page without the signed-in app, its socket or the other pages, and the app once signed in', async () => {
    const scripts = recordScripts(suite.page);
    await suite.page.goto('/sessions/new');
    await suite.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await suite.page.waitForLoadState('networkidle');
    expect(scripts).toContain('index');
    for (const other of ['signed-in-app', 'socket', 'registration', 'static-pages', 'account'])
      expect(scripts).not.toContain(other);

    await signIn(suite.page, 'owner');
    expect(scripts).toContain('signed-in-app');
  });

  it('recovers from a signed-in app file that cannot be fetched as from any page: reloads, then waits for the deployment', async () => {
    await signIn(suite.page, 'owner');
    let deploying = true;
    await suite.page.route(SIGNED_IN_CHUNK, (route: Route) => (deploying ? route.abort('failed') : route.continue()));
    let documentLoads = 0;
    suite.page.on('domcontentloaded', () => (documentLoads += 1));

    await suite.page.goto('/ops');
    const banner = suite.page.getByTestId('deployment-banner');
    await banner.waitFor({ timeout: 20_000 });
    expect(documentLoads).toBe(3);

    deploying = false;
    await suite.page.getByRole('heading', { name: 'Operations' }).waitFor({ timeout: 15_000 });
    expect(await banner.count()).toBe(0);
  });
});
