import { CSRF_COOKIE, CSRF_HEADER, SESSIONS_API } from '@tocsin/contracts';
import type { Page } from 'playwright-core';

/** The demo users the embedded server seeds on its first start (apps/api/src/registration/seed-demo.ts). */
export const DEMO_ROLES = ['owner', 'member', 'collaborator', 'viewer'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];
export const DEMO_PASSWORD = 'tocsin-demo-password';
export const demoEmail = (role: DemoRole) => `${role}@demo.tocsin.dev`;

/**
 * Signs in and waits for the app to open, as signing in through the form leaves it: a demo user, or anyone by
 * email and password. The session comes from the sign-in call itself (the browser context's own requests, so the
 * cookies land in it), not the form: the form's own tests (shell, first-screens) drive it with `signInThroughForm`,
 * and every other test needs a session, not the login page loaded, filled and submitted again (1.9 s a sign-in on
 * this 2-core machine, 104 of them).
 */
export async function signIn(page: Page, role: DemoRole): Promise<void>;
export async function signIn(page: Page, email: string, password: string): Promise<void>;
export async function signIn(page: Page, who: string, password?: string): Promise<void> {
  await startSession(page, who, password);
  await page.goto('/');
  await openedApp(page);
}

/** Signs in as a demo user and opens `path` at once (a deep link): for a test whose first step is that page. */
export async function signInTo(page: Page, role: DemoRole, path: string): Promise<void> {
  await startSession(page, role);
  await page.goto(path);
}

/** Signs in through the login form, as a person would, and waits for the app to open. */
export async function signInThroughForm(page: Page, role: DemoRole): Promise<void>;
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void>;
export async function signInThroughForm(page: Page, who: string, password?: string): Promise<void> {
  const [email, secret] = credentials(who, password);
  await page.goto(SIGN_IN_PAGE);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await openedApp(page);
}

const SIGN_IN_PAGE = '/sessions/new';

const credentials = (who: string, password?: string): [string, string] =>
  password === undefined ? [demoEmail(who as DemoRole), DEMO_PASSWORD] : [who, password];

/** The sign-in call the login form makes, from the page's browser context: its session cookies are the page's. */
async function startSession(page: Page, who: string, password?: string): Promise<void> {
  const [email, secret] = credentials(who, password);
  const response = await page.context().request.post(SESSIONS_API, { data: { email, password: secret } });
  if (response.status() !== 201) {
    throw new Error(`signing in as ${email} answered ${response.status()}: ${await response.text()}`);
  }
}

/**
 * Waits for the first screen after signing in: the app, or the onboarding checklist for an owner whose
 * organization has not finished onboarding, which the person skips as they would (the app has no navigation
 * there) so every test starts in the app.
 */
async function openedApp(page: Page): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const skip = page.getByRole('link', { name: 'Skip to the app' });
  await navigation.or(skip).first().waitFor();
  if (await navigation.isVisible()) return;
  await skip.click();
  await navigation.waitFor();
}

/** An API call with the page's session, echoing the CSRF cookie as the web app does. */
export async function apiCall(page: Page, method: string, path: string, body?: unknown): Promise<Response> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '';
  const session = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const base = new URL(page.url()).origin;
  return fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', cookie: session, [CSRF_HEADER]: csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
