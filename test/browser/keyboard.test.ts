import type { JSHandle, Page } from 'playwright-core';
import { lastCode } from '../api/phones.support';
import { checkScreen, settleAnimations } from '../support/accessibility';
import { expectText, newPage, useBrowserSuite } from '../support/browser';
import { signUp } from '../support/sign-up';
import { joinDemoOrganization } from './demo-organization';
import { apiCall, DEMO_PASSWORD, demoEmail } from './sign-in';

const POLICY_ITEMS = '/api/v1/signals/notification_policy_items';
const PREFERENCES = '/account/organization_settings';
const ORG_MATCH = 'Match & update for the whole organization';
/** Pages whose skip link is tried besides those the flows start from. */
const SIGNED_OUT_PAGES = ['/registrations/new', '/forgot_passwords/new', '/about'];
const SIGNED_IN_PAGES = ['/signals/alerts', '/settings/users', '/settings/organization', '/account/password_security'];

/** What a keyboard user is on: the focused element's role and accessible name, and where it sits. */
interface Focused {
  role: string;
  name: string;
  tag: string;
  id: string;
  inDialog: boolean;
  inMain: boolean;
  /** In the app's sidebar (the main navigation), not a page's own navigation. */
  inSidebar: boolean;
}

const describeFocused = (focused: Focused) =>
  focused.tag === 'body' ? '(body)' : `${focused.role || focused.tag} "${focused.name}"`;

/** The focused element, its role and name as assistive technology reads them (Playwright's ARIA snapshot). */
async function focused(page: Page): Promise<Focused> {
  const where = await page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: (active?.tagName ?? 'body').toLowerCase(),
      id: active?.id ?? '',
      inDialog: Boolean(active?.closest('[role="dialog"]')),
      inMain: Boolean(active?.closest('#main-content')),
      inSidebar: Boolean(active?.closest('[aria-label="Main navigation"]')),
    };
  });
  if (where.tag === 'body') return { ...where, role: '', name: '' };
  const snapshot = await page
    .locator(':focus')
    .ariaSnapshot({ timeout: 2_000 })
    .catch(() => '');
  // the first line is the element itself: `- button "Add HIGH policy step"`, `- textbox "Email": typed text`
  const line = /^- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(snapshot.split('\n')[0] ?? '');
  return { ...where, role: line?.[1] ?? '', name: line?.[2] ? (JSON.parse(`"${line[2]}"`) as string) : '' };
}

type Target = string | RegExp | ((focused: Focused) => boolean);

const matches = (target: Target, now: Focused) =>
  typeof target === 'function' ? target(now) : typeof target === 'string' ? now.name === target : target.test(now.name);

/**
 * Lets the page finish what the last key started before the next one: a dialog's transition (its focus trap
 * moves focus when it ends), and Mantine's combobox, which picks its option index in a setTimeout(0) after
 * ArrowDown opens it. No person types faster than that; Playwright does, and an Enter that came first chose
 * nothing or pressed the control focus was leaving (about one suite run in two, CI included). Animations settle
 * (settleAnimations), then a timer queued now runs after the page's own, and a frame lets React render.
 */
const settled = (page: Page): Promise<void> =>
  settleAnimations(page)
    .then(() =>
      page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => resolve()), 0))),
    )
    // a key that navigated: the new document has nothing of the old one's to finish
    .catch(() => undefined);

/**
 * Presses Tab (or Shift+Tab) until the focused element is `target` (its accessible name, or a predicate), at
 * most `max` times; fails naming every stop it passed.
 */
async function tabTo(
  page: Page,
  target: Target,
  { max = 80, key = 'Tab' }: { max?: number; key?: 'Tab' | 'Shift+Tab' } = {},
): Promise<Focused> {
  const passed: string[] = [];
  await settled(page);
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (matches(target, now)) return now;
    passed.push(describeFocused(now));
  }
  throw new Error(`${key} did not reach ${String(target)} in ${max} presses; it passed: ${passed.join(', ')}`);
}

/** A predicate target that names itself in tabTo's failure message. */
const described = (description: string, test: (now: Focused) => boolean) =>
  Object.assign(test, { toString: () => description });

/** A control named `name` inside the open dialog, not the page's control of the same name behind it. */
const inDialog = (name: string) => described(`"${name}" in the dialog`, (now) => now.inDialog && now.name === name);

/**
 * A priority's add button ("Add HIGH policy step", "Add HIGH notification"): its name says Add and the priority
 * in whatever words, as its wording may change to include the button's visible text.
 */
const addFor = (priority: string) =>
  described(
    `the ${priority} add button`,
    (now) => now.role === 'button' && /^Add\b/.test(now.name) && new RegExp(`\\b${priority}\\b`).test(now.name),
  );

/**
 * Focus is on a control and shows: not on the body, and the element (or, for an input drawn by its
 * neighbour such as a Switch, that neighbour, or a Mantine wrapper) has a visible outline or ring on screen.
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const problem = await page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body || active === document.documentElement) return 'focus is on the body';
    const onScreen = (node: Element) => {
      const box = node.getBoundingClientRect();
      return (
        box.width > 2 &&
        box.height > 2 &&
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < innerHeight &&
        box.left < innerWidth
      );
    };
    const transparent = (color: string) => color === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(color);
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
    };
    // a box-shadow ring: no offset, no blur, a spread (the way some components draw focus)
    const ringed = (node: Element) =>
      /(^|,)\s*(rgba?\([^)]*\)|#\w+)?\s*0px 0px 0px [1-9]/.test(getComputedStyle(node).boxShadow);
    const hidden = Number(getComputedStyle(active).opacity) === 0 || !onScreen(active);
    const candidates: Element[] = [active];
    if (hidden) for (let next = active.nextElementSibling; next; next = next.nextElementSibling) candidates.push(next);
    for (let parent = active.parentElement, depth = 0; parent && depth < 3; parent = parent.parentElement, depth++)
      candidates.push(parent);
    if (candidates.some((node) => (outlined(node) || (node === active && ringed(node))) && onScreen(node))) return null;
    const style = getComputedStyle(active);
    return `focus on <${active.tagName.toLowerCase()}> "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 60)}" draws no visible outline (outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}; on screen: ${onScreen(active)})`;
  });
  if (problem) throw new Error(problem);
}

/** Tab to a control, then check its focus shows. */
async function tabToVisible(page: Page, target: Target, options?: Parameters<typeof tabTo>[2]): Promise<Focused> {
  const now = await tabTo(page, target, options);
  await expectVisibleFocus(page);
  return now;
}

/** Focus lands on `target` by itself (a closed row hands it on once the list shows again), and shows. */
async function expectFocusOn(page: Page, target: Target, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let now = await focused(page);
  while (!matches(target, now)) {
    if (Date.now() > deadline)
      throw new Error(`focus should be on ${String(target)}, it is on ${describeFocused(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    now = await focused(page);
  }
  await expectVisibleFocus(page);
}

/** Focus is on the page's main content, where the skip link puts it (a landmark, not a control: no ring). */
async function expectFocusOnMain(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.activeElement?.id === 'main-content', undefined, { timeout: 3_000 })
    .catch(async () => {
      throw new Error(`focus should be on the main content, it is on ${describeFocused(await focused(page))}`);
    });
}

async function press(page: Page, key: string) {
  await settled(page);
  await page.keyboard.press(key);
}

/**
 * From a freshly loaded page: the first Tab stop is "Skip to main content", one Enter puts focus on the main
 * content, and the next Tab is the page's first control inside it, not a header or sidebar link.
 */
async function skipToMain(page: Page): Promise<Focused> {
  await press(page, 'Tab');
  const first = await focused(page);
  expect(describeFocused(first)).toBe('link "Skip to main content"');
  await expectVisibleFocus(page);
  await press(page, 'Enter');
  await expectFocusOnMain(page);
  await press(page, 'Tab');
  const next = await focused(page);
  expect({ inMain: next.inMain, inSidebar: next.inSidebar }).toEqual({ inMain: true, inSidebar: false });
  await expectVisibleFocus(page);
  return next;
}

/** Opens a page by its address and waits for `ready`, so the Tab order is the page's, not a loading one's. */
async function open(page: Page, path: string, ready: () => Promise<unknown>) {
  await page.goto(path);
  await ready();
}

/**
 * The focused element is a Mantine Select (or MultiSelect): ArrowDown opens its list and moves through the
 * options until `option` is the active one, Enter picks it.
 */
async function chooseOption(page: Page, option: string, { max = 20 } = {}) {
  const seen: string[] = [];
  for (let step = 0; step < max; step++) {
    await press(page, 'ArrowDown');
    await settled(page);
    const active = await page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
    if (active === option) {
      await press(page, 'Enter');
      return;
    }
    seen.push(active);
  }
  throw new Error(`ArrowDown never reached the option "${option}"; it went through: ${seen.join(', ')}`);
}

/** The element focused now, to check focus comes back to it. */
const focusedHandle = (page: Page) => page.evaluateHandle(() => document.activeElement as HTMLElement);

async function expectFocusBackOn(page: Page, opener: JSHandle<HTMLElement>, what: string) {
  await page
    .waitForFunction((element) => element === document.activeElement, opener, { timeout: 2_000 })
    .catch(async () => {
      throw new Error(`focus did not come back to ${what}: it is on ${describeFocused(await focused(page))}`);
    });
  await expectVisibleFocus(page);
}

/** Tab and Shift+Tab more times than the dialog has controls: focus never leaves it and always shows. */
async function expectFocusTrapped(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await page.waitForFunction(() => Boolean(document.activeElement?.closest('[role="dialog"]')), undefined, {
    timeout: 2_000,
  });
  const controls = await dialog.evaluate(
    (node) =>
      node.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]')
        .length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < controls + 2; step++) {
      await press(page, key);
      const now = await focused(page);
      if (!now.inDialog) throw new Error(`${key} left the dialog "${dialogName}" for ${describeFocused(now)}`);
      await expectVisibleFocus(page);
    }
  }
}

/** Signs in with the keyboard alone, from the top of the sign-in page, and skips the onboarding checklist. */
async function keyboardSignIn(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, beforeSubmit }: { password?: string; beforeSubmit?: () => Promise<void> } = {},
) {
  await open(page, '/sessions/new', () => page.getByRole('button', { name: 'Sign in' }).waitFor());
  await skipToMain(page);
  await tabToVisible(page, 'Email');
  await page.keyboard.type(email);
  await tabToVisible(page, 'Password');
  await page.keyboard.type(password);
  await beforeSubmit?.();
  await press(page, 'Enter');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const skip = page.getByRole('link', { name: 'Skip to the app' });
  await navigation.or(skip).first().waitFor();
  if (await navigation.isVisible()) return;
  await tabToVisible(page, 'Skip to the app');
  await press(page, 'Enter');
  await navigation.waitFor();
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

let seq = 0;

describe('keyboard only: every flow the mouse tests take, with Tab, Enter, Space, Escape and the arrows', () => {
  const suite = useBrowserSuite();
  /** An owner of the demo organization in a browser of their own, for the policy the member's page is held to. */
  let owner: Page;

  beforeAll(async () => {
    owner = await newPage(suite.browser, suite.app.url);
    owner.context().setDefaultTimeout(10_000);
    await keyboardSignIn(owner, demoEmail('owner'));
  });
  // each test starts from an organization without policy
  beforeEach(async () => {
    const items = (await (await apiCall(owner, 'GET', POLICY_ITEMS)).json()).data as Array<{ id: string }>;
    for (const item of items) expect((await apiCall(owner, 'DELETE', `${POLICY_ITEMS}/${item.id}`)).status).toBe(204);
  });

  it('signs in from the top of the page, the skip link first and one Enter from the form', async () => {
    const page = suite.page;
    const heading = () => page.getByRole('heading', { level: 1 }).first().waitFor();
    for (const path of SIGNED_OUT_PAGES) {
      await open(page, path, heading);
      await skipToMain(page);
    }
    await keyboardSignIn(page, demoEmail('owner'), {
      // the shared axe check, on the form filled in with focus on the password
      beforeSubmit: () => checkScreen(page, 'keyboard-sign-in'),
    });
    expect(new URL(page.url()).pathname).not.toBe('/sessions/new');
    // the skip link leads every page of the app too, past the header and the sidebar
    for (const path of SIGNED_IN_PAGES) {
      await open(page, path, heading);
      await skipToMain(page);
    }
    await open(page, '/settings/teams', () => page.getByRole('heading', { name: 'Teams' }).waitFor());
    expect((await skipToMain(page)).name).toBe('New team');
  });

  it('adds, edits and deletes a notification policy step', async () => {
    const page = suite.page;
    await keyboardSignIn(page, demoEmail('owner'));
    const priority = (name: string) => page.getByRole('region', { name: `${name} priority policy` });
    const steps = (name: string) => priority(name).getByTestId('policy-step');

    // the sidebar link, as the mouse test takes it
    await tabToVisible(page, 'Organization Notification Policy');
    await press(page, 'Enter');
    await page.waitForURL('**/signals/notification_policy');
    await priority('HIGH').getByTestId('policy-priority-empty').waitFor();

    await tabToVisible(page, addFor('HIGH'));
    await press(page, 'Enter');
    await tabToVisible(page, 'Notification type');
    await chooseOption(page, 'Phone Call');
    await tabToVisible(page, 'Delay');
    await chooseOption(page, '5 mins');
    await tabToVisible(page, 'Save');
    await press(page, 'Enter');
    await toast(page, 'Notification policy has been updated');
    await expectText(steps('HIGH').locator('td').first(), 'Phone Call');
    await expectText(steps('HIGH').getByTestId('policy-step-delay'), '5 mins');
    // the closed row hands focus to the saved step's Edit
    await expectFocusOn(page, 'Edit HIGH Phone Call');
    await press(page, 'Enter');
    await tabToVisible(page, 'Delay');
    await chooseOption(page, '1 hour');
    await tabToVisible(page, 'Save');
    await press(page, 'Enter');
    await expectText(steps('HIGH').getByTestId('policy-step-delay'), '1 hour');
    await expectFocusOn(page, 'Edit HIGH Phone Call');

    await tabToVisible(page, 'Delete HIGH Phone Call');
    await press(page, 'Enter');
    await toast(page, 'Notification policy item has been deleted');
    await priority('HIGH').getByTestId('policy-priority-empty').waitFor();
    // the step is gone with its buttons: focus goes to the priority's Add step
    await expectFocusOn(page, addFor('HIGH'));
    expect((await (await apiCall(page, 'GET', POLICY_ITEMS)).json()).data).toEqual([]);
  });

  /** A step of the member's preferences, added from the priority's Add notification with the keyboard. */
  async function addPreference(page: Page, priority: string, type: string, delay: string) {
    await tabToVisible(page, addFor(priority));
    await press(page, 'Enter');
    await tabToVisible(page, 'Notification type');
    await chooseOption(page, type);
    await tabToVisible(page, 'Delay');
    await chooseOption(page, delay);
    await tabToVisible(page, 'Save');
    await press(page, 'Enter');
    await toast(page, 'Notification setting has been updated');
    await expectFocusOn(page, `Edit ${type} after ${delay}`);
  }

  const preferenceRows = (page: Page, priority: string) =>
    page
      .getByRole('region', { name: `${priority} priority notifications` })
      .locator('[data-testid="notification-step"][data-mode="read"]');

  it('adds, edits and deletes a notification preference', async () => {
    const page = suite.page;
    await joinDemoOrganization(suite.app, page, 'member', 'keyboard-preferences');
    await open(page, PREFERENCES, () => page.getByTestId('alert-notifications').waitFor());
    await skipToMain(page);

    await addPreference(page, 'HIGH', 'Email', '10 mins');
    const row = preferenceRows(page, 'HIGH').first();
    await expectText(row.getByTestId('step-delay'), '10 mins');

    await press(page, 'Enter');
    await tabToVisible(page, 'Delay');
    await chooseOption(page, '5 mins');
    await tabToVisible(page, 'Save');
    await press(page, 'Enter');
    await expectText(row.getByTestId('step-delay'), '5 mins');
    await expectFocusOn(page, 'Edit Email after 5 mins');

    await tabToVisible(page, 'Delete Email after 5 mins');
    await press(page, 'Enter');
    await toast(page, 'Notification setting has been deleted');
    await page.getByRole('region', { name: 'HIGH priority notifications' }).getByTestId('priority-empty').waitFor();
    await expectFocusOn(page, addFor('HIGH'));
    expect((await (await apiCall(page, 'GET', '/api/v1/signals_notification_settings')).json()).data).toEqual([]);
  });

  it('adds a phone number by SMS and types the code, the dialogs keeping and returning focus', async () => {
    const page = suite.page;
    const email = `keyboard-phone-${Date.now()}-${seq++}@example.com`;
    await signUp(suite.app.url, {
      name: 'Keyboard Phone',
      email,
      password: DEMO_PASSWORD,
      organization_name: 'Keys Org',
    });
    await keyboardSignIn(page, email);
    await open(page, '/account/edit', () => page.getByTestId('phones-empty').waitFor());
    await skipToMain(page);

    // Escape and Cancel close the dialog and give focus back to the button that opened it
    await tabToVisible(page, 'Add phone number');
    const opener = await focusedHandle(page);
    await press(page, 'Enter');
    await expectFocusTrapped(page, 'Add phone number');
    await press(page, 'Escape');
    await page.getByRole('dialog', { name: 'Add phone number' }).waitFor({ state: 'detached' });
    await expectFocusBackOn(page, opener, 'Add phone number');
    await press(page, 'Enter');
    await tabToVisible(page, inDialog('Cancel'));
    await press(page, 'Enter');
    await page.getByRole('dialog', { name: 'Add phone number' }).waitFor({ state: 'detached' });
    await expectFocusBackOn(page, opener, 'Add phone number');

    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Add phone number' });
    await dialog.waitFor();
    await tabToVisible(page, inDialog('Phone number'));
    const number = `+1415555${String(1000 + ((process.pid + seq++) % 1000)).padStart(4, '0')}`;
    // Tab selects what the field holds (+1): the whole number is typed over it
    await page.keyboard.type(number);
    await tabToVisible(page, inDialog('Send Verification'));
    await press(page, 'Enter');
    await dialog.getByTestId('code-sent-to').waitFor();
    // the first code cell takes focus by itself; the code goes once the sixth digit is in
    await expectFocusOn(page, inDialog('Verification code digit'));
    await page.keyboard.type(await lastCode(suite.app, number));
    await toast(page, 'Your phone number has been verified');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusBackOn(page, opener, 'Add phone number');
    const shown = `+1 ${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`;
    const row = page.getByTestId('phone-row').filter({ hasText: shown });
    await row.getByText('Verified', { exact: true }).waitFor();

    // a confirmation keeps focus too, and gives it back on Escape and on Cancel
    await tabToVisible(page, `Delete ${shown}`);
    const deleteButton = await focusedHandle(page);
    await press(page, 'Enter');
    await expectFocusTrapped(page, 'Delete phone number');
    await press(page, 'Escape');
    await expectFocusBackOn(page, deleteButton, `Delete ${shown}`);
    await press(page, 'Enter');
    await tabToVisible(page, inDialog('Cancel'));
    await press(page, 'Enter');
    await expectFocusBackOn(page, deleteButton, `Delete ${shown}`);
    await press(page, 'Enter');
    await tabToVisible(page, inDialog('Delete'));
    await press(page, 'Enter');
    await toast(page, 'Phone number has been deleted');
    await page.getByTestId('phones-empty').waitFor();
    // the Delete that opened the confirmation went with the number
    await expectFocusOn(page, 'Add phone number');
  });

  it("brings a member in line with 'Match & update all' once an owner tightens the policy", async () => {
    const page = suite.page;
    await joinDemoOrganization(suite.app, page, 'member', 'keyboard-match');
    await open(page, PREFERENCES, () => page.getByTestId('alert-notifications').waitFor());
    await skipToMain(page);
    await addPreference(page, 'HIGH', 'Email', '10 mins');

    expect(
      (
        await apiCall(owner, 'POST', POLICY_ITEMS, {
          priority: 'HIGH',
          notification_group_method: 'email',
          max_delay: 'PT5M',
        })
      ).status,
    ).toBe(201);
    await page.getByTestId('non-compliance-banner').waitFor();
    // the banner shows above the steps: back up to it
    await tabToVisible(page, 'Match & update all', { key: 'Shift+Tab' });
    await press(page, 'Enter');
    await toast(page, "Your notification preferences now meet the organization's policy.");
    await expectText(preferenceRows(page, 'HIGH').first().getByTestId('compliance-status'), 'Compliant with policy');
    await page.getByTestId('non-compliance-banner').waitFor({ state: 'detached' });
    // the banner went with its button: focus goes to the first control below it
    await expectFocusOn(page, addFor('HIGH'));

    // the owner's run for the whole organization asks first, in a dialog that keeps and gives back focus
    await open(owner, '/signals/notification_policy', () => owner.getByRole('button', { name: ORG_MATCH }).waitFor());
    await skipToMain(owner);
    await tabToVisible(owner, ORG_MATCH);
    const opener = await focusedHandle(owner);
    await press(owner, 'Enter');
    await expectFocusTrapped(owner, ORG_MATCH);
    await press(owner, 'Escape');
    await expectFocusBackOn(owner, opener, ORG_MATCH);
    await press(owner, 'Enter');
    await tabToVisible(owner, inDialog('Cancel'));
    await press(owner, 'Enter');
    await expectFocusBackOn(owner, opener, ORG_MATCH);
    await press(owner, 'Enter');
    await tabToVisible(owner, inDialog('Match & update'));
    await press(owner, 'Enter');
    await owner.getByTestId('org-match-report').getByTestId('org-match-summary').waitFor();
    await expectFocusOn(owner, ORG_MATCH);
  });

  it('creates a team and adds a member with a team permission', async () => {
    const page = suite.page;
    const teamName = `Keyboard ${Date.now().toString(36)}`;
    await keyboardSignIn(page, demoEmail('owner'));
    await open(page, '/settings/teams', () => page.getByRole('heading', { name: 'Teams' }).waitFor());
    expect((await skipToMain(page)).name).toBe('New team');
    await press(page, 'Enter');
    await page.waitForURL('**/settings/teams/new');
    await page.getByRole('heading', { name: 'New team' }).waitFor();

    // the button went with its page: focus goes to the new page's content, the next Tab to its first control
    await expectFocusOnMain(page);
    await tabToVisible(page, 'Name', { max: 1 });
    await page.keyboard.type(teamName);
    // its description is read as part of its name
    await tabToVisible(
      page,
      (now) => now.role === 'switch' && now.name.startsWith('Restrict signals resource management'),
    );
    await press(page, 'Space');
    expect(await page.getByLabel('Restrict signals resource management').isChecked()).toBe(true);
    await tabToVisible(page, 'Create team');
    await press(page, 'Enter');
    await page.waitForURL('**/settings/teams/*/overview');
    await page.getByRole('heading', { name: teamName }).waitFor();
    await expectText(page.getByTestId('team-restriction'), 'Signals resources restricted to this team');
    await expectFocusOnMain(page);

    await tabToVisible(page, 'Add member');
    const opener = await focusedHandle(page);
    await press(page, 'Enter');
    await expectFocusTrapped(page, 'Add member');
    await press(page, 'Escape');
    await expectFocusBackOn(page, opener, 'Add member');

    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    await tabToVisible(page, inDialog('User'));
    // the list answers the typed text from the server (debounced); waiting for it keeps this test about the
    // keyboard path (a pick made while an answer arrives is teams.test.ts's, with the answer held back)
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/member_options') && new URL(response.url()).searchParams.get('query') === 'demo mem',
    );
    await page.keyboard.type('demo mem');
    await searched;
    await page.getByRole('option', { name: 'Demo Member (member@demo.tocsin.dev)' }).waitFor();
    await chooseOption(page, 'Demo Member (member@demo.tocsin.dev)');
    await tabToVisible(page, inDialog('Team permissions'));
    await page.keyboard.type('alert rules');
    await chooseOption(page, 'Manage alert rules');
    // Escape closes the permission list, not the dialog
    await press(page, 'Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    await tabToVisible(page, (now) => now.inDialog && now.role === 'button' && now.name === 'Add member');
    await press(page, 'Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusBackOn(page, opener, 'Add member');

    const member = page.getByTestId('team-member').filter({ hasText: 'Demo Member' });
    await member.waitFor();
    expect(
      await member
        .locator('[data-permission]')
        .evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-permission'))),
    ).toEqual(['manage_alert_rules']);
  });
});
