import { CSRF_COOKIE, CSRF_HEADER } from '@tocsin/contracts';
import type { Page } from 'playwright-core';

/** The demo users the embedded server seeds on its first start (apps/api/src/registration/seed-demo.ts). */
export const DEMO_ROLES = ['owner', 'member', 'collaborator', 'viewer'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];
export const DEMO_PASSWORD = 'tocsin-demo-password';
export const demoEmail = (role: DemoRole) => `${role}@demo.tocsin.dev`;

/** Signs in through the login form, as a person would, and waits for the app to open: a demo user, or anyone by email and password. */
export async function signIn(page: Page, role: DemoRole): Promise<void>;
export async function signIn(page: Page, email: string, password: string): Promise<void>;
export async function signIn(page: Page, who: string, password?: string): Promise<void> {
  const [email, secret] = password === undefined ? [demoEmail(who as DemoRole), DEMO_PASSWORD] : [who, password];
  await page.goto('/sessions/new');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await openedApp(page);
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
