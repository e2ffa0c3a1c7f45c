import { PhoneDeliveryError, type PhoneMessage, type SmsProvider } from './sms-provider';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** E.164 sending number. */
  from: string;
  /** https://api.twilio.com, or a compatible API. */
  apiUrl: string;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Twilio's REST API: SMS and WhatsApp (`whatsapp:` addresses) through Messages.json, voice through
 * Calls.json with inline TwiML that says the message. Form-encoded, HTTP basic auth with the account.
 */
export class TwilioSmsProvider implements SmsProvider {
  constructor(
    private readonly settings: TwilioSettings,
    private readonly timeoutMs = 10_000,
  ) {}

  async deliver(message: PhoneMessage): Promise<void> {
    const { from } = this.settings;
    if (message.method === 'voice') {
      const twiml = `<Response><Say>${escapeXml(message.spoken)}</Say></Response>`;
      return this.post('Calls.json', { To: message.to, From: from, Twiml: twiml });
    }
    const prefix = message.method === 'whats_app' ? 'whatsapp:' : '';
    return this.post('Messages.json', { To: `${prefix}${message.to}`, From: `${prefix}${from}`, Body: message.text });
  }

  private async post(resource: string, fields: Record<string, string>): Promise<void> {
    const { accountSid, authToken, apiUrl } = this.settings;
    const url = `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/${resource}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new PhoneDeliveryError(`the phone provider could not be reached (${(error as Error).message})`);
    }
    if (response.ok) return;
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new PhoneDeliveryError(
      typeof body?.message === 'string' ? body.message : `the phone provider answered ${response.status}`,
    );
  }
}
