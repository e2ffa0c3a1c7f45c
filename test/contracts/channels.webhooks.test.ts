import { SlackChannel, TeamsChannel, type EgressOptions } from '@tocsin/platform';
import { RecordingServer } from '../support/recording-server';
import { egress, page } from './channels-fixtures';

/**
 * A channel adapter against its local counterpart (test/support): what arrives at the provider, and how its
 * answers map to DeliveryResult (2xx -> the provider's id; 5xx, 429, timeouts -> retryable; 4xx -> final).
 */
describe('Slack and Microsoft Teams incoming webhooks', () => {
  let server: RecordingServer;
  beforeAll(async () => (server = await RecordingServer.start()));
  afterAll(() => server.close());

  it('posts Slack blocks with buttons to the signed links', async () => {
    server.next({ status: 200, body: 'ok' });
    const result = await new SlackChannel(egress, false).send(`${server.url}/services/T0/B0/x`, page());
    expect(result).toEqual({ ok: true, providerMessageId: 'attempt-1', answer: 'ok' });
    expect(server.last.path).toBe('/services/T0/B0/x');
    const payload = JSON.parse(server.last.body) as { text: string; blocks: Array<Record<string, unknown>> };
    expect(payload.text).toBe('Acme &amp; Co: [HIGH] Disk &lt;90%&gt; full on db-1 "primary"');
    expect(payload.blocks[0]).toMatchObject({ text: { text: expect.stringContaining('Disk &lt;90%&gt; full') } });
    const actions = payload.blocks.find((block) => block.type === 'actions') as { elements: Array<{ url: string }> };
    expect(actions.elements.map((button) => button.url)).toEqual([
      'https://tocsin.example/a/acknowledge?token=abc.def',
      'https://tocsin.example/a/resolve?token=ghi.jkl',
      'https://tocsin.example/signals/alerts/alert-src-1-ab12',
    ]);
  });

  it('posts a Teams Adaptive Card with the same links', async () => {
    const result = await new TeamsChannel(egress, false).send(`${server.url}/webhookb2/abc`, page());
    expect(result).toMatchObject({ ok: true });
    const payload = JSON.parse(server.last.body) as {
      type: string;
      attachments: Array<{ contentType: string; content: { actions: Array<{ type: string; url: string }> } }>;
    };
    expect(payload.type).toBe('message');
    expect(payload.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(payload.attachments[0].content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Acknowledge', url: 'https://tocsin.example/a/acknowledge?token=abc.def' },
      { type: 'Action.OpenUrl', title: 'Resolve', url: 'https://tocsin.example/a/resolve?token=ghi.jkl' },
      { type: 'Action.OpenUrl', title: 'Open', url: 'https://tocsin.example/signals/alerts/alert-src-1-ab12' },
    ]);
  });

  it('keeps hostile alert text as text in Slack: no link, mention or entity of its own, in the fallback or the blocks', async () => {
    const hostile = page({
      orgName: 'Acme &amp; <!channel>',
      summary: '<https://evil.example/login|Click to acknowledge> <!here>',
      labels: { '<@U123>': '<javascript:alert(1)|x>' },
      alertUrl: 'javascript:alert(1)',
    });
    await new SlackChannel(egress, false).send(`${server.url}/services/T0/B0/x`, hostile);
    const payload = JSON.parse(server.last.body) as { text: string; blocks: Array<Record<string, unknown>> };
    const texts = [payload.text, JSON.stringify(payload.blocks.filter((block) => block.type === 'section'))];
    for (const text of texts) {
      expect(text).not.toMatch(/<[^>]*>/);
      expect(text).not.toContain('&amp; <');
    }
    expect(payload.text).toBe(
      'Acme &amp;amp; &lt;!channel&gt;: [HIGH] &lt;https://evil.example/login|Click to acknowledge&gt; &lt;!here&gt;',
    );
    const actions = payload.blocks.find((block) => block.type === 'actions') as { elements: Array<{ url: string }> };
    expect(actions.elements.map((button) => button.url)).not.toContain('javascript:alert(1)');
    expect(actions.elements).toHaveLength(2);
  });

  it('keeps hostile alert text as text in a Teams card: no Markdown link, emphasis or heading, no unsafe link', async () => {
    const hostile = page({
      orgName: '# Acme',
      summary: '[Click to acknowledge](https://evil.example/login) **now**',
      labels: { _env_: '![x](https://evil.example/pixel.png)' },
      alertUrl: 'javascript:alert(1)',
    });
    await new TeamsChannel(egress, false).send(`${server.url}/webhookb2/abc`, hostile);
    const card = (
      JSON.parse(server.last.body) as {
        attachments: Array<{
          content: {
            body: Array<{ type: string; text?: string; facts?: Array<{ title: string; value: string }> }>;
            actions: Array<{ url: string }>;
          };
        }>;
      }
    ).attachments[0].content;
    const [org, title, facts] = card.body;
    expect(org.text).toBe('\\# Acme');
    expect(title.text).toBe('\\[HIGH\\] \\[Click to acknowledge\\]\\(https://evil.example/login\\) \\*\\*now\\*\\*');
    expect(facts.facts).toEqual([{ title: '\\_env\\_', value: '\\!\\[x\\]\\(https://evil.example/pixel.png\\)' }]);
    expect(card.actions.map((action) => action.url)).toEqual([
      'https://tocsin.example/a/acknowledge?token=abc.def',
      'https://tocsin.example/a/resolve?token=ghi.jkl',
    ]);
  });

  it('posts a notice that is no page (a verification code) as escaped text, read back as the same answers', async () => {
    const notice = { id: 'verify-1', title: 'Tocsin verification code', text: 'Code 123456 <!channel> *now*' };
    expect(await new SlackChannel(egress, false).notice(`${server.url}/services/T0/B0/x`, notice)).toEqual({
      ok: true,
      providerMessageId: 'verify-1',
      answer: expect.any(String),
    });
    expect(JSON.parse(server.last.body).text).toBe('Code 123456 &lt;!channel&gt; *now*');
    await new TeamsChannel(egress, false).notice(`${server.url}/webhookb2/abc`, notice);
    const card = JSON.parse(server.last.body) as {
      summary: string;
      attachments: Array<{ content: { body: Array<{ text: string }> } }>;
    };
    expect(card.summary).toBe('Tocsin verification code');
    expect(card.attachments[0].content.body[0].text).toBe('Code 123456 \\<\\!channel\\> \\*now\\*');
    server.next({ status: 404, body: 'no_service' });
    expect(await new SlackChannel(egress, false).notice(`${server.url}/gone`, notice)).toEqual({
      ok: false,
      retryable: false,
      answer: '404 no_service',
    });
  });

  it('reads a Teams refusal out of a 200 answer (the Office 365 connector does that)', async () => {
    const teams = new TeamsChannel(egress, false);
    server.next({
      status: 200,
      body: 'Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 429',
    });
    expect(await teams.send(`${server.url}/webhookb2/abc`, page())).toMatchObject({ ok: false, retryable: true });
    server.next({
      status: 200,
      body: 'Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 400',
    });
    expect(await teams.send(`${server.url}/webhookb2/abc`, page())).toMatchObject({ ok: false, retryable: false });
    server.next({ status: 200, body: '1' });
    expect(await teams.send(`${server.url}/webhookb2/abc`, page())).toMatchObject({ ok: true, answer: '1' });
  });

  it('maps 500 to retryable, 404 (a deleted webhook) to final, a redirect to final, a timeout to retryable', async () => {
    const slack = new SlackChannel(egress, false);
    server.next({ status: 500, body: 'oops' });
    expect(await slack.send(`${server.url}/hook`, page())).toMatchObject({ ok: false, retryable: true });
    server.next({ status: 404, body: 'no_service' });
    expect(await slack.send(`${server.url}/hook`, page())).toEqual({
      ok: false,
      retryable: false,
      answer: '404 no_service',
    });
    server.next({ status: 302, headers: { location: 'http://169.254.169.254/latest' } });
    expect(await slack.send(`${server.url}/hook`, page())).toMatchObject({ ok: false, retryable: false });
    expect(server.requests.filter((r) => r.path.startsWith('/latest'))).toEqual([]);
    server.next({ status: 200, delayMs: 1500 });
    expect(await slack.send(`${server.url}/hook`, page())).toMatchObject({ ok: false, retryable: true });
  });

  it('refuses plain http in production, and private addresses unless allowed, without calling them', async () => {
    const before = server.requests.length;
    const guarded: EgressOptions = { allowPrivate: false, timeoutMs: 1000 };
    expect(await new SlackChannel(egress, true).send(`${server.url}/hook`, page())).toMatchObject({
      ok: false,
      retryable: false,
      answer: expect.stringContaining('https://'),
    });
    for (const address of [
      `${server.url}/hook`,
      server.url.replace('127.0.0.1', 'localhost') + '/hook',
      'http://[::1]:9/hook',
      'http://10.0.0.8/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]:9/hook',
      'http://2130706433/hook', // 127.0.0.1 written as one number
    ]) {
      const result = await new TeamsChannel(guarded, false).send(address, page());
      expect(result).toMatchObject({ ok: false, retryable: false, answer: expect.stringMatching(/^refused: /) });
    }
    expect(await new SlackChannel(guarded, false).send('ftp://example.com/x', page())).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(server.requests.length).toBe(before);
  });
});
