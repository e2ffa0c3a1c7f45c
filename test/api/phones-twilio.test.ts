import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channelsFor, loadConfig, type PhoneText } from '@tocsin/platform';
import { startApp, type TestApp } from '../support/app';
import { RecordingServer } from '../support/recording-server';
import { newUser } from './account.support';
import { freshNumber, messageCount, PHONES } from './phones.support';

interface Recorded {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
}

/** A stand-in for Twilio on 127.0.0.1: records each request; `refuse` makes it answer like Twilio refusing a number. */
async function recordingTwilio() {
  const requests: Recorded[] = [];
  const state = { refuse: false };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({
        method: req.method!,
        path: req.url!,
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form,
      });
      res.setHeader('content-type', 'application/json');
      if (state.refuse) {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
      } else {
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: `SM${requests.length}`, status: 'queued' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'secret-token',
  TWILIO_FROM: '+15005550006',
  // the stand-in is on this machine: the egress guard lets it through only when told to
  CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
};
/** The channels as the api builds them with TWILIO_* set: verification codes take the phone provider pages use. */
const channels = (apiUrl: string) =>
  channelsFor(loadConfig({ ...TWILIO_ENV, TWILIO_API_URL: apiUrl }), { now: () => 0, outbox: null });
const basic = `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`;

describe('verification codes through the Twilio adapter, against a recording server', () => {
  let twilio: Awaited<ReturnType<typeof recordingTwilio>>;

  beforeAll(async () => {
    twilio = await recordingTwilio();
  });
  afterAll(() => twilio.close());
  beforeEach(() => {
    twilio.requests.length = 0;
    twilio.state.refuse = false;
  });

  it('sends SMS and WhatsApp through Messages.json and voice through Calls.json with TwiML, form-encoded with basic auth', async () => {
    const provider = channels(`${twilio.url}/`);
    const message = {
      to: '+14155552671',
      title: 'code',
      text: 'Your code is 123456',
      spoken: 'Your code is 1, 2, 3 & more',
    };
    await provider.text({ ...message, kind: 'sms' });
    await provider.text({ ...message, kind: 'whats_app' });
    await provider.text({ ...message, kind: 'voice' });
    const common = { method: 'POST', authorization: basic, contentType: 'application/x-www-form-urlencoded' };
    expect(twilio.requests).toEqual([
      {
        ...common,
        path: '/2010-04-01/Accounts/AC123/Messages.json',
        form: { To: '+14155552671', From: '+15005550006', Body: 'Your code is 123456' },
      },
      {
        ...common,
        path: '/2010-04-01/Accounts/AC123/Messages.json',
        form: { To: 'whatsapp:+14155552671', From: 'whatsapp:+15005550006', Body: 'Your code is 123456' },
      },
      {
        ...common,
        path: '/2010-04-01/Accounts/AC123/Calls.json',
        form: {
          To: '+14155552671',
          From: '+15005550006',
          Twiml: '<Response><Say>Your code is 1, 2, 3 &#38; more</Say></Response>',
        },
      },
    ]);
  });

  it("gives the provider's reason when it refuses, and says so when it cannot be reached", async () => {
    twilio.state.refuse = true;
    const message: PhoneText = { to: '+14155552671', kind: 'sms', title: 'code', text: 'x', spoken: 'x' };
    expect(await channels(twilio.url).text(message)).toEqual({
      ok: false,
      retryable: false,
      answer: "400 The 'To' number is not a valid phone number. (code 21211)",
    });
    expect(await channels('http://127.0.0.1:1').text(message)).toMatchObject({
      ok: false,
      answer: expect.stringMatching(/^unreachable/),
    });
  });

  describe('through the API when TWILIO_* are set', () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startApp({
        env: { ...TWILIO_ENV, TWILIO_API_URL: twilio.url },
      });
    });
    afterAll(() => app.close());

    it('texts the code through Twilio (not the dev mailbox), and the texted code verifies the number', async () => {
      const { client } = await newUser(app, 'phone-twilio');
      const number = freshNumber();
      const { body } = await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201);
      expect(twilio.requests).toHaveLength(1);
      expect(twilio.requests[0].form).toMatchObject({ To: number, From: '+15005550006' });
      const code = /\b(\d{6})\b/.exec(twilio.requests[0].form.Body)![1];
      expect(await messageCount(app, number)).toBe(0);
      await client.put(`${PHONES}/${body.data.id}/verify`).send({ code }).expect(200);
    });

    it("answers 502 with Twilio's reason when the message is refused; the number stays, unverified, to resend to", async () => {
      const { client } = await newUser(app, 'phone-twilio-refused');
      twilio.state.refuse = true;
      const response = await client
        .post(PHONES)
        .send({ number: freshNumber(), verification_method: 'voice' })
        .expect(502);
      expect(response.body).toEqual({
        error: 'delivery_failed',
        message: "The message could not be sent: The 'To' number is not a valid phone number. (code 21211)",
      });
      const [phone] = (await client.get(PHONES).expect(200)).body.data;
      expect(phone).toMatchObject({ verified: false, verification_method: 'voice' });
      twilio.state.refuse = false;
      await client.put(`${PHONES}/${phone.id}/resend`).send({ verification_method: 'sms' }).expect(200);
      expect(twilio.requests.map((r) => r.path.split('/').pop())).toEqual(['Calls.json', 'Messages.json']);
    });
  });
});

describe('verification codes through a generic SMS gateway (PAGE_GATEWAY_URL), as pages go', () => {
  let gateway: RecordingServer;
  let app: TestApp;

  beforeAll(async () => {
    gateway = await RecordingServer.start();
    app = await startApp({
      env: { PAGE_GATEWAY_URL: `${gateway.url}/send?to={to}&text={text}`, CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true' },
    });
  });
  afterAll(async () => {
    await app.close();
    await gateway.close();
  });

  it('texts the code through the gateway pages use (not Twilio, not the dev mailbox)', async () => {
    const { client } = await newUser(app, 'phone-gateway');
    const number = freshNumber();
    const { body } = await client.post(PHONES).send({ number, verification_method: 'sms' }).expect(201);
    expect(gateway.requests).toHaveLength(1);
    const query = new URL(gateway.requests[0].path, gateway.url).searchParams;
    expect(query.get('to')).toBe(number);
    const code = /\b(\d{6})\b/.exec(query.get('text') ?? '')![1];
    expect(await messageCount(app, number)).toBe(0);
    await client.put(`${PHONES}/${body.data.id}/verify`).send({ code }).expect(200);
  });
});

describe('verification codes with the egress guard on (CHANNELS_ALLOW_PRIVATE_ADDRESSES unset)', () => {
  let twilio: Awaited<ReturnType<typeof recordingTwilio>>;
  let app: TestApp;

  beforeAll(async () => {
    twilio = await recordingTwilio();
    const { CHANNELS_ALLOW_PRIVATE_ADDRESSES: _allowed, ...guarded } = TWILIO_ENV;
    app = await startApp({ env: { ...guarded, TWILIO_API_URL: twilio.url } });
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });

  it('does not call a Twilio API URL on this machine: 502 naming the refusal, and nothing reaches it', async () => {
    const { client } = await newUser(app, 'phone-twilio-guarded');
    const response = await client.post(PHONES).send({ number: freshNumber(), verification_method: 'sms' }).expect(502);
    expect(response.body).toEqual({
      error: 'delivery_failed',
      message: 'The message could not be sent: refused: 127.0.0.1 is a private address',
    });
    expect(twilio.requests).toHaveLength(0);
  });
});
