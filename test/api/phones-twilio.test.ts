import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TwilioSmsProvider } from '../../apps/api/src/phones/twilio-sms-provider';
import { PhoneDeliveryError } from '../../apps/api/src/phones/sms-provider';
import { startApp, type TestApp } from '../support/app';
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

const settings = (apiUrl: string) => ({ accountSid: 'AC123', authToken: 'secret-token', from: '+15005550006', apiUrl });
const basic = `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`;

describe('Twilio adapter against a recording server', () => {
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
    const provider = new TwilioSmsProvider(settings(`${twilio.url}/`));
    const message = { to: '+14155552671', text: 'Your code is 123456', spoken: 'Your code is 1, 2, 3 & more' };
    await provider.deliver({ ...message, method: 'sms' });
    await provider.deliver({ ...message, method: 'whats_app' });
    await provider.deliver({ ...message, method: 'voice' });
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

  it("throws the provider's reason when it refuses, and says so when it cannot be reached", async () => {
    twilio.state.refuse = true;
    const message = { to: '+14155552671', method: 'sms' as const, text: 'x', spoken: 'x' };
    await expect(new TwilioSmsProvider(settings(twilio.url)).deliver(message)).rejects.toThrow(
      new PhoneDeliveryError("The 'To' number is not a valid phone number."),
    );
    await expect(new TwilioSmsProvider(settings('http://127.0.0.1:1')).deliver(message)).rejects.toThrow(
      /could not be reached/,
    );
  });

  describe('through the API when TWILIO_* are set', () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startApp({
        env: {
          TWILIO_ACCOUNT_SID: 'AC123',
          TWILIO_AUTH_TOKEN: 'secret-token',
          TWILIO_FROM: '+15005550006',
          TWILIO_API_URL: twilio.url,
        },
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
        message: "The message could not be sent: The 'To' number is not a valid phone number.",
      });
      const [phone] = (await client.get(PHONES).expect(200)).body.data;
      expect(phone).toMatchObject({ verified: false, verification_method: 'voice' });
      twilio.state.refuse = false;
      await client.put(`${PHONES}/${phone.id}/resend`).send({ verification_method: 'sms' }).expect(200);
      expect(twilio.requests.map((r) => r.path.split('/').pop())).toEqual(['Calls.json', 'Messages.json']);
    });
  });
});
