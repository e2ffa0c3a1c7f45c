import { channelsFor, HttpGatewayPhoneProvider, loadConfig, PhoneChannel, TwilioPhoneProvider } from '@tocsin/platform';
import { formOf, RecordingServer } from '../support/recording-server';
import { egress, page } from './channels-fixtures';

/**
 * A channel adapter against its local counterpart (test/support): what arrives at the provider, and how its
 * answers map to DeliveryResult (2xx -> the provider's id; 5xx, 429, timeouts -> retryable; 4xx -> final).
 */
describe('phones through the Twilio-compatible API', () => {
  let server: RecordingServer;
  const provider = () =>
    new TwilioPhoneProvider(
      { accountSid: 'AC123', authToken: 'secret-token', from: '+15550001111', apiUrl: server.url },
      egress,
    );
  beforeAll(async () => (server = await RecordingServer.start()));
  afterAll(() => server.close());

  it('sends an SMS through Messages.json with basic auth; the sid is the message id', async () => {
    server.next({ status: 201, body: { sid: 'SM1', status: 'queued' } });
    const result = await new PhoneChannel('sms', provider()).send('+15557654321', page());
    expect(result).toEqual({ ok: true, providerMessageId: 'SM1', answer: 'queued' });
    expect(server.last.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(server.last.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    const form = formOf(server.last.body);
    expect(form).toMatchObject({ To: '+15557654321', From: '+15550001111' });
    expect(form.Body).toContain('Reply ACK 4KX9QZ to acknowledge, RES 4KX9QZ to resolve.');
    expect(form.Body).toContain('https://tocsin.example/a/acknowledge?token=abc.def');
    expect(form.Body).toContain('Resolve: https://tocsin.example/a/resolve?token=ghi.jkl');
  });

  it('sends WhatsApp from and to whatsapp: addresses', async () => {
    server.next({ status: 201, body: { sid: 'SM2' } });
    await new PhoneChannel('whats_app', provider()).send('+15557654321', page());
    expect(formOf(server.last.body)).toMatchObject({ To: 'whatsapp:+15557654321', From: 'whatsapp:+15550001111' });
  });

  it('calls through Calls.json with TwiML that says the page, escaped', async () => {
    server.next({ status: 201, body: { sid: 'CA1' } });
    const result = await new PhoneChannel('voice', provider()).send('+15557654321', page());
    expect(result).toMatchObject({ ok: true, providerMessageId: 'CA1' });
    expect(server.last.path).toBe('/2010-04-01/Accounts/AC123/Calls.json');
    const { Twiml } = formOf(server.last.body);
    expect(Twiml).toMatch(/^<Response><Say>Tocsin alert for Acme &#38; Co, high priority\. Disk &#60;90%&#62;/);
    expect(Twiml).toMatch(/<\/Say><\/Response>$/);
  });

  it('maps a refusal (400) to final with Twilio’s message, 500 and 429 to retryable, a timeout to retryable', async () => {
    const channel = new PhoneChannel('sms', provider());
    server.next({ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } });
    expect(await channel.send('+15557654321', page())).toEqual({
      ok: false,
      retryable: false,
      answer: "400 The 'To' number is not a valid phone number. (code 21211)",
    });
    server.next({ status: 500, body: 'upstream broke' });
    expect(await channel.send('+15557654321', page())).toEqual({
      ok: false,
      retryable: true,
      answer: '500 upstream broke',
    });
    server.next({ status: 429, body: { code: 20429, message: 'Too Many Requests' } });
    expect(await channel.send('+15557654321', page())).toMatchObject({ ok: false, retryable: true });
    server.next({ status: 201, body: { sid: 'late' }, delayMs: 1500 });
    expect(await channel.send('+15557654321', page())).toEqual({
      ok: false,
      retryable: true,
      answer: 'timeout: no answer within 1000 ms',
    });
  });

  it('refuses a number that is not E.164 without calling the provider', async () => {
    const before = server.requests.length;
    expect(await new PhoneChannel('sms', provider()).send('0555 123', page())).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(server.requests.length).toBe(before);
  });
});

describe('phones through a generic HTTP gateway', () => {
  let server: RecordingServer;
  beforeAll(async () => (server = await RecordingServer.start()));
  afterAll(() => server.close());

  it('fills a GET URL template, URL-encoding the values; the attempt id stands for a missing message id', async () => {
    const gateway = new HttpGatewayPhoneProvider(
      {
        urlTemplate: `${server.url}/send?to={to}&text={text}&ref={id}`,
        method: 'GET',
        contentType: 'application/x-www-form-urlencoded',
        headers: { authorization: 'Bearer gw-key' },
        kinds: ['sms'],
      },
      egress,
    );
    server.next({ status: 200, body: 'OK queued' });
    const result = await new PhoneChannel('sms', gateway).send('+15557654321', page({ attemptId: 'att 1&2' }));
    expect(result).toEqual({ ok: true, providerMessageId: 'att 1&2', answer: 'OK queued' });
    const url = new URL(server.last.path, server.url);
    expect(server.last.method).toBe('GET');
    expect(url.searchParams.get('to')).toBe('+15557654321');
    expect(url.searchParams.get('ref')).toBe('att 1&2');
    expect(url.searchParams.get('text')).toContain('[HIGH] Disk <90%> full on db-1 "primary"');
    expect(server.last.headers.authorization).toBe('Bearer gw-key');
  });

  it('fills a JSON body template, JSON-escaping the values, and reads the id of the answer', async () => {
    const gateway = new HttpGatewayPhoneProvider(
      {
        urlTemplate: `${server.url}/messages`,
        method: 'POST',
        bodyTemplate: '{"recipient":"{to}","message":"{text}","type":"{kind}"}',
        contentType: 'application/json',
        headers: {},
        kinds: ['sms', 'voice'],
      },
      egress,
    );
    server.next({ status: 202, body: { message_id: 'gw-77' } });
    const result = await new PhoneChannel('voice', gateway).send('+15557654321', page());
    expect(result).toMatchObject({ ok: true, providerMessageId: 'gw-77' });
    expect(server.last.headers['content-type']).toBe('application/json');
    const body = JSON.parse(server.last.body) as Record<string, string>;
    expect(body).toMatchObject({ recipient: '+15557654321', type: 'voice' });
    expect(body.message).toMatch(/^Tocsin alert for Acme & Co, high priority\. Disk <90%> full on db-1 "primary"\./);

    expect(await new PhoneChannel('whats_app', gateway).send('+15557654321', page())).toMatchObject({
      ok: false,
      retryable: false,
      answer: expect.stringContaining('PAGE_GATEWAY_KINDS'),
    });
  });

  it('escapes hostile alert text for the body type: XML, form and JSON bodies stay well formed and say the text', async () => {
    const summary = `</text><to>+19999999999</to> & "x" 'y' %26to=+1999&text={"a":1}\\`;
    const provider = (bodyTemplate: string, contentType: string) =>
      new HttpGatewayPhoneProvider(
        {
          urlTemplate: `${server.url}/messages`,
          method: 'POST',
          bodyTemplate,
          contentType,
          headers: {},
          kinds: ['sms'],
        },
        egress,
      );
    const send = (bodyTemplate: string, contentType: string) =>
      new PhoneChannel('sms', provider(bodyTemplate, contentType)).send('+15557654321', page({ summary }));

    await send('<message><to>{to}</to><text>{text}</text></message>', 'application/xml');
    expect(server.last.body).not.toContain('<to>+19999999999</to>');
    const xmlText = /<text>([^<]*)<\/text>/.exec(server.last.body)![1];
    const decoded = xmlText.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(decoded).toContain(summary);
    expect(server.last.body.match(/<to>/g)).toHaveLength(1);

    await send('to={to}&text={text}', 'application/x-www-form-urlencoded');
    const form = new URLSearchParams(server.last.body);
    expect(form.getAll('to')).toEqual(['+15557654321']);
    expect(form.get('text')).toContain(summary);

    await send('{"to":"{to}","text":"{text}"}', 'application/json');
    expect(JSON.parse(server.last.body)).toEqual({ to: '+15557654321', text: expect.stringContaining(summary) });
  });

  it('maps 500 to retryable, 400 to final, a timeout to retryable', async () => {
    const channel = new PhoneChannel(
      'sms',
      new HttpGatewayPhoneProvider(
        {
          urlTemplate: `${server.url}/send?to={to}&text={text}`,
          method: 'GET',
          contentType: 'text/plain',
          headers: {},
          kinds: ['sms'],
        },
        egress,
      ),
    );
    server.next({ status: 500, body: 'try later' });
    expect(await channel.send('+15557654321', page())).toEqual({ ok: false, retryable: true, answer: '500 try later' });
    server.next({ status: 400, body: 'bad number' });
    expect(await channel.send('+15557654321', page())).toEqual({
      ok: false,
      retryable: false,
      answer: '400 bad number',
    });
    server.next({ status: 200, delayMs: 1500 });
    expect(await channel.send('+15557654321', page())).toMatchObject({ ok: false, retryable: true });
  });
});

describe("the operator's phone provider URLs go through the egress guard too", () => {
  let server: RecordingServer;
  beforeAll(async () => (server = await RecordingServer.start()));
  afterAll(() => server.close());

  it('refuses a gateway or Twilio URL on this machine unless CHANNELS_ALLOW_PRIVATE_ADDRESSES, without calling it', async () => {
    const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+15550001111' };
    for (const env of [
      { PAGE_GATEWAY_URL: `${server.url}/send?to={to}&text={text}` },
      { ...twilio, TWILIO_API_URL: server.url },
    ]) {
      const channels = channelsFor(loadConfig(env), { now: () => 0, outbox: null });
      expect(await channels.send('sms', '+15557654321', page())).toEqual({
        ok: false,
        retryable: false,
        answer: 'refused: 127.0.0.1 is a private address',
      });
      const code = { kind: 'sms', to: '+15557654321', title: 'code', text: 'Code 123456', spoken: '1' } as const;
      expect(await channels.text(code)).toMatchObject({ ok: false, answer: expect.stringMatching(/^refused/) });
    }
    expect(server.requests).toHaveLength(0);
    const allowed = channelsFor(
      loadConfig({
        PAGE_GATEWAY_URL: `${server.url}/send?to={to}&text={text}`,
        CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
      }),
      {
        now: () => 0,
        outbox: null,
      },
    );
    expect(await allowed.send('sms', '+15557654321', page())).toMatchObject({ ok: true });
  });
});
