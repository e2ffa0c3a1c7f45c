import { EmailChannel } from '@tocsin/platform';
import { LocalSmtpServer } from '../support/smtp-server';
import { page } from './channels-fixtures';

/**
 * A channel adapter against its local counterpart (test/support): what arrives at the provider, and how its
 * answers map to DeliveryResult (2xx -> the provider's id; 5xx, 429, timeouts -> retryable; 4xx -> final).
 */
describe('email over SMTP', () => {
  let smtp: LocalSmtpServer;
  let channel: EmailChannel;
  beforeAll(async () => {
    smtp = await LocalSmtpServer.start();
    channel = new EmailChannel(smtp.url, 'Tocsin <pages@tocsin.test>', 2000);
  });
  afterAll(async () => {
    channel.close();
    await smtp.close();
  });

  it('delivers the page with its signed links; the message id is the provider id', async () => {
    const result = await channel.send('oncall@example.com', page());
    expect(result).toMatchObject({ ok: true, providerMessageId: expect.stringMatching(/^<.+@.+>$/) });
    const [mail] = smtp.to('oncall@example.com');
    expect(mail.from).toBe('pages@tocsin.test');
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Tocsin_\[HIGH\]_Disk_<90%>_full/m); // encoded: it holds quotes
    expect(mail.raw).toContain('Acme & Co: Disk <90%> full on db-1 "primary"');
    expect(mail.raw).toMatch(/^X-Tocsin-Alert: alert-src-1-ab12/m);
    expect(mail.raw).toContain('Acknowledge: https://tocsin.example/a/acknowledge?token=abc.def');
    expect(mail.raw).toContain('Resolve: https://tocsin.example/a/resolve?token=ghi.jkl');
    expect(mail.raw).toContain('Disk &#60;90%&#62; full'); // the html part escapes the alert's text
  });

  it('retries a temporary refusal (SMTP 4xx), not a permanent one (5xx)', async () => {
    smtp.refuse.set('full@example.com', 452).set('nobody@example.com', 550);
    expect(await channel.send('full@example.com', page())).toMatchObject({ ok: false, retryable: true });
    const final = await channel.send('nobody@example.com', page());
    expect(final).toMatchObject({ ok: false, retryable: false, answer: expect.stringContaining('550') });
  });

  it('retries when the server cannot be reached', async () => {
    const closed = new EmailChannel('smtp://127.0.0.1:1', 'pages@tocsin.test', 500);
    expect(await closed.send('a@example.com', page())).toMatchObject({ ok: false, retryable: true });
    closed.close();
  });
});
