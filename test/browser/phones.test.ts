import request from 'supertest';
import type { Locator, Page } from 'playwright-core';
import type { TestApp } from '../support/app';
import { expectText, newPage, screenshot, useBrowserSuite } from '../support/browser';
import { lastCode, lastMessage, messageCount, otherThan } from '../api/phones.support';
import { apiCall, signIn } from './sign-in';
import { signUp } from '../support/sign-up';
import { checkScreen } from '../support/accessibility';

const PASSWORD = 'contact-methods-1';
const CONSENT = 'You must agree to opting in to receive messages in order to use this service.';

let seq = 0;
/** Valid US numbers of our own: each app keeps its own dev mailbox, so only this file reads them. */
const freshNumber = () => `+1415555${String(3000 + ((process.pid + seq++) % 6000)).padStart(4, '0')}`;
/** '+14155553001' as the field and the list show it. */
const shown = (number: string) => `+1 ${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`;

/** A fresh person owning a fresh organization: the code limits and the lists are theirs alone. */
async function signUpAndIn(app: TestApp, page: Page, label: string): Promise<string> {
  const email = `${label}-${Date.now()}-${seq++}@example.com`;
  await signUp(app.url, { name: `Phone ${label}`, email, password: PASSWORD, organization_name: `${label} Org` });
  await signIn(page, email, PASSWORD);
  return email;
}

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
const phoneRow = (page: Page, number: string) => page.getByTestId('phone-row').filter({ hasText: shown(number) });
const emailRow = (page: Page, email: string) => page.getByTestId('alternative-email-row').filter({ hasText: email });

/** Types into the pin cells as a person does: focus moves from cell to cell by itself. */
async function typeCode(dialog: Locator, code: string) {
  await dialog.getByRole('textbox', { name: 'Verification code digit' }).first().click();
  await dialog.page().keyboard.type(code);
}

async function destinations(page: Page): Promise<Array<{ type: string; value: string }>> {
  return (await (await apiCall(page, 'GET', '/api/v1/signals/destinations')).json()).data;
}

/** Contact methods on the profile (SPEC.md sections 4, 5 and 8) against the real server (build the web app first). */
describe('contact methods: phones and alternative emails', () => {
  const suite = useBrowserSuite();

  it('adds a number by SMS and verifies it with the code from the dev mailbox, submitting on the sixth digit', async () => {
    await signUpAndIn(suite.app, suite.page, 'verify');
    // the web calls the spec's paths (SPEC.md section 7: /phones), not the /api/v1 alias
    const phoneCalls: string[] = [];
    suite.page.on('request', (call) => {
      const { pathname } = new URL(call.url());
      if (pathname.includes('phones')) phoneCalls.push(`${call.method()} ${pathname.replace(/[^/]{20,}/, '{id}')}`);
    });
    await suite.page.goto('/account/edit');
    await suite.page.getByTestId('phones-empty').waitFor();
    await suite.page.getByTestId('alternative-emails-empty').waitFor();
    await checkScreen(suite.page, 'phones-profile-empty');

    await suite.page.getByRole('button', { name: 'Add phone number' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Add phone number' });
    const field = dialog.getByRole('textbox', { name: 'Phone number', exact: true });
    // SPEC.md section 9: +1 by default, the autofill hint tel, countries in English with International
    expect(await field.inputValue()).toBe('+1');
    expect(await field.getAttribute('autocomplete')).toBe('tel');
    const country = dialog.getByLabel('Phone number country');
    expect(await country.inputValue()).toBe('US');
    expect(await country.locator('option').first().textContent()).toBe('International');
    expect(await dialog.getByLabel('WhatsApp').count()).toBe(1);

    const number = freshNumber();
    await field.fill(number);
    expect(await field.inputValue()).toBe(shown(number));
    await checkScreen(suite.page, 'phones-dialog-step-1');
    await dialog.getByRole('button', { name: 'Send Verification' }).click();
    await expectText(
      dialog.getByTestId('code-sent-to'),
      `Enter the 6-digit code sent to ${shown(number)} by SMS. It works for 10 minutes.`,
    );
    expect((await lastMessage(suite.app, number))?.subject).toBe('[sms] Tocsin verification code');
    await phoneRow(suite.page, number).getByText('Not verified').waitFor();
    await checkScreen(suite.page, 'phones-dialog-step-2');

    // no Verify click: the code goes by itself once the sixth digit is in
    await typeCode(dialog, await lastCode(suite.app, number));
    await toast(suite.page, 'Your phone number has been verified');
    await dialog.waitFor({ state: 'detached' });
    await phoneRow(suite.page, number).getByText('Verified', { exact: true }).waitFor();
    expect(
      await phoneRow(suite.page, number)
        .getByRole('button', { name: `Verify ${shown(number)}` })
        .count(),
    ).toBe(0);
    await checkScreen(suite.page, 'phones-verified');
    expect(await destinations(suite.page)).toContainEqual(expect.objectContaining({ type: 'phone', value: number }));
    expect(phoneCalls).toEqual(expect.arrayContaining(['GET /phones', 'POST /phones', 'PUT /phones/{id}/verify']));
    expect(phoneCalls.filter((call) => !/^[A-Z]+ \/phones(\/|$)/.test(call))).toEqual([]);
  });

  it('shows the phone number and code messages, the server refusal of a wrong code, and resends', async () => {
    await signUpAndIn(suite.app, suite.page, 'wrong');
    await suite.page.goto('/account/edit');
    await suite.page.getByRole('button', { name: 'Add phone number' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Add phone number' });
    const field = dialog.getByRole('textbox', { name: 'Phone number', exact: true });

    await dialog.getByRole('button', { name: 'Send Verification' }).click();
    await expectText(dialog.getByText('Phone number is required'), 'Phone number is required');
    await field.fill('+1415');
    await dialog.getByText('Phone number is not valid').waitFor();
    await screenshot(suite.page, 'phones-number-not-valid');

    // picking a country puts its calling code in the field and the cursor back there; typing a code picks the country
    const country = dialog.getByLabel('Phone number country');
    await country.selectOption('GB');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('+44');
    await field.fill('+33123456789');
    expect(await country.inputValue()).toBe('FR');

    const number = freshNumber();
    await field.fill(number);
    await dialog.getByLabel('WhatsApp').check();
    await dialog.getByRole('button', { name: 'Send Verification' }).click();
    await expectText(
      dialog.getByTestId('code-sent-to'),
      `Enter the 6-digit code sent to ${shown(number)} on WhatsApp. It works for 10 minutes.`,
    );
    expect((await lastMessage(suite.app, number))?.subject).toBe('[whats_app] Tocsin verification code');

    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByText('Required', { exact: true }).waitFor();
    await typeCode(dialog, '123');
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await dialog.getByText('Code must be 6 digits').waitFor();

    // the six cells are typed over from the first: the wrong code goes by itself and comes back refused
    await typeCode(dialog, otherThan(await lastCode(suite.app, number)));
    await toast(suite.page, 'The code is not valid');
    await dialog.getByText('The code is not valid').waitFor();
    await screenshot(suite.page, 'phones-wrong-code');

    await dialog.getByRole('button', { name: 'Resend code' }).click();
    await toast(suite.page, 'A new verification code has been sent');
    expect(await messageCount(suite.app, number)).toBe(2);
    await typeCode(dialog, await lastCode(suite.app, number));
    await toast(suite.page, 'Your phone number has been verified');
    await phoneRow(suite.page, number).getByText('Verified', { exact: true }).waitFor();
  });

  it('keeps a number for later, re-verifies it by another method from step 2, and deletes it', async () => {
    await signUpAndIn(suite.app, suite.page, 'later');
    await suite.page.goto('/account/edit');
    await suite.page.getByRole('button', { name: 'Add phone number' }).click();
    let dialog = suite.page.getByRole('dialog', { name: 'Add phone number' });
    const number = freshNumber();
    await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill(number);
    await dialog.getByRole('button', { name: 'Send Verification' }).click();
    await dialog.getByTestId('code-sent-to').waitFor();
    await dialog.getByRole('button', { name: 'Verify later' }).click();
    await dialog.waitFor({ state: 'detached' });
    await phoneRow(suite.page, number).getByText('Not verified').waitFor();

    // a fresh dialog: closing forgot the number
    await suite.page.getByRole('button', { name: 'Add phone number' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).inputValue()).toBe('+1');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await phoneRow(suite.page, number)
      .getByRole('button', { name: `Verify ${shown(number)}` })
      .click();
    dialog = suite.page.getByRole('dialog', { name: 'Verify phone number' });
    const field = dialog.getByRole('textbox', { name: 'Phone number', exact: true });
    expect(await field.inputValue()).toBe(shown(number));
    expect(await field.isDisabled()).toBe(true);
    await dialog.getByLabel('Voice').check();
    await screenshot(suite.page, 'phones-reverify-step-1');
    await dialog.getByRole('button', { name: 'Send Verification' }).click();
    await expectText(
      dialog.getByTestId('code-sent-to'),
      `Enter the 6-digit code sent to ${shown(number)} by a voice call. It works for 10 minutes.`,
    );
    expect((await lastMessage(suite.app, number))?.subject).toBe('[voice] Tocsin verification code');
    expect(await messageCount(suite.app, number)).toBe(2);
    await typeCode(dialog, await lastCode(suite.app, number));
    await toast(suite.page, 'Your phone number has been verified');
    await expectText(phoneRow(suite.page, number).locator('td').nth(1), 'Voice');

    // the server's refusal shows as an alert toast and under the field while that number is there
    await suite.page.getByRole('button', { name: 'Add phone number' }).click();
    dialog = suite.page.getByRole('dialog', { name: 'Add phone number' });
    await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill(number);
    await dialog.getByRole('button', { name: 'Send Verification' }).click();
    await toast(suite.page, 'This phone number is already added');
    await dialog.getByText('This phone number is already added').waitFor();
    await screenshot(suite.page, 'phones-already-added');
    await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill(freshNumber());
    expect(await dialog.getByText('This phone number is already added').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await phoneRow(suite.page, number)
      .getByRole('button', { name: `Delete ${shown(number)}` })
      .click();
    const confirm = suite.page.getByRole('dialog', { name: 'Delete phone number' });
    await confirm.getByText(`Delete ${shown(number)}? Notifications will no longer be sent to it.`).waitFor();
    await checkScreen(suite.page, 'phones-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(suite.page, 'Phone number has been deleted');
    await suite.page.getByTestId('phones-empty').waitFor();
    expect(await destinations(suite.page)).not.toContainEqual(expect.objectContaining({ type: 'phone' }));
  });

  it('offers no WhatsApp when the organization hides WhatsApp destinations', async () => {
    await signUpAndIn(suite.app, suite.page, 'nowhatsapp');
    expect(
      (await apiCall(suite.page, 'PUT', '/api/v1/organization/feature_flags/hideWhatsApp', { enabled: true })).status,
    ).toBe(200);
    await suite.page.goto('/account/edit');
    await suite.page.getByRole('button', { name: 'Add phone number' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Add phone number' });
    await dialog.getByLabel('Voice').waitFor();
    expect(await dialog.getByLabel('SMS').isChecked()).toBe(true);
    expect(await dialog.getByLabel('WhatsApp').count()).toBe(0);
  });

  it('adds an alternative email, resends its link, verifies it from the emailed link, and deletes it', async () => {
    await signUpAndIn(suite.app, suite.page, 'altmail');
    await suite.page.goto('/account/edit');
    const address = suite.page.getByLabel('Alternative email address');
    const add = suite.page.getByRole('button', { name: 'Add email' });
    await add.click();
    await suite.page.getByText('email is a required field').waitFor();
    await address.fill('not-an-email');
    await add.click();
    await suite.page.getByText('email must be a valid email').waitFor();

    const email = `pager-${Date.now()}-${seq++}@example.com`;
    await address.fill(email);
    await add.click();
    await toast(suite.page, `Verification email sent to ${email}`);
    await emailRow(suite.page, email).getByText('Not verified').waitFor();
    expect(await address.inputValue()).toBe('');
    await screenshot(suite.page, 'alternative-email-added');

    const mailbox = async () =>
      (await request(suite.app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data as Array<{
        subject: string;
        text: string;
      }>;
    const linkIn = (text: string) => /https?:\/\/\S+\/alternative_emails\/[A-Za-z0-9_-]+\/verify/.exec(text)![0];
    const firstLink = linkIn((await mailbox())[0].text);
    await emailRow(suite.page, email)
      .getByRole('button', { name: `Resend link to ${email}` })
      .click();
    await toast(suite.page, `Verification email sent again to ${email}`);
    const sent = await mailbox();
    expect(sent).toHaveLength(2);
    expect(sent[0].subject).toBe('Confirm your alternative email for Tocsin');
    const newestLink = linkIn(sent[0].text);
    expect(newestLink).not.toBe(firstLink);

    // only the newest link works: the resend retired the first
    const other = await newPage(suite.browser, suite.app.url);
    await other.goto(firstLink);
    await expectText(
      other.getByTestId('alternative-email-verify-failed').locator('.mantine-Alert-message'),
      'This verification link is not valid or has expired. Send a new link from your profile.',
    );
    await screenshot(other, 'alternative-email-link-expired');
    await other.goto(newestLink);
    await expectText(
      other.getByTestId('alternative-email-verified').locator('.mantine-Alert-message'),
      `${email} is verified: notifications can now be sent to it.`,
    );
    await checkScreen(other, 'alternative-email-verified-page');
    await other.context().close();

    await suite.page.reload();
    await emailRow(suite.page, email).getByText('Verified', { exact: true }).waitFor();
    expect(
      await emailRow(suite.page, email)
        .getByRole('button', { name: `Resend link to ${email}` })
        .count(),
    ).toBe(0);
    expect(await destinations(suite.page)).toContainEqual(expect.objectContaining({ type: 'email', value: email }));
    await screenshot(suite.page, 'alternative-email-verified');

    await emailRow(suite.page, email)
      .getByRole('button', { name: `Delete ${email}` })
      .click();
    await suite.page
      .getByRole('dialog', { name: 'Delete alternative email' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(suite.page, 'Alternative email has been deleted');
    await suite.page.getByTestId('alternative-emails-empty').waitFor();
    expect(await destinations(suite.page)).not.toContainEqual(expect.objectContaining({ value: email }));
  });
});

/** SPEC.md section 4: SIMPLE_PHONE_VERIFICATION=true reaches the web as a window flag; one step, consent, verified at once. */
describe('contact methods: simple phone verification', () => {
  const suite = useBrowserSuite({ env: { SIMPLE_PHONE_VERIFICATION: 'true' }, page: 'suite' });

  it('needs consent, then saves the number verified without sending a code', async () => {
    await signUpAndIn(suite.app, suite.page, 'simple');
    await suite.page.goto('/account/edit');
    expect(
      await suite.page.evaluate(() => (window as unknown as Record<string, unknown>).SIMPLE_PHONE_VERIFICATION),
    ).toBe('true');
    await suite.page.getByRole('button', { name: 'Add phone number' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Add phone number' });
    expect(await dialog.getByRole('button', { name: 'Send Verification' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Phone number is required').waitFor();
    await dialog.getByText(CONSENT).waitFor();

    const number = freshNumber();
    await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill(number);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(CONSENT).waitFor();
    await screenshot(suite.page, 'phones-simple-consent-required');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(suite.page, 'Your phone number has been verified');
    await dialog.waitFor({ state: 'detached' });
    await phoneRow(suite.page, number).getByText('Verified', { exact: true }).waitFor();
    await screenshot(suite.page, 'phones-simple-verified');
    expect(await messageCount(suite.app, number)).toBe(0);
  });
});
