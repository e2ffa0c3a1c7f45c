import { delivered, failed } from '../channels.port';
import { deliverOverHttp, type EgressOptions } from '../egress';
import { escapeXml } from '../../text/escape';
import type { PhonePage, PhoneProvider } from './phone-provider.port';

export interface TwilioPageSettings {
  accountSid: string;
  authToken: string;
  /** E.164 sending number; WhatsApp goes from `whatsapp:` + it. */
  from: string;
  /** https://api.twilio.com, or a compatible API. */
  apiUrl: string;
}

/**
 * Twilio's REST API (and the providers that copy it): Messages.json for SMS and WhatsApp (`whatsapp:` addresses),
 * Calls.json with inline TwiML `<Say>` for voice. Form-encoded, basic auth with the account; the answer's `sid`
 * is the provider's message id, its `message` the reason of a refusal.
 */
export class TwilioPhoneProvider implements PhoneProvider {
  constructor(
    private readonly settings: TwilioPageSettings,
    private readonly egress: EgressOptions,
  ) {}

  send(page: PhonePage) {
    const { from } = this.settings;
    if (page.kind === 'voice') {
      const twiml = `<Response><Say>${escapeXml(page.spoken)}</Say></Response>`;
      return this.post('Calls.json', { To: page.to, From: from, Twiml: twiml });
    }
    const prefix = page.kind === 'whats_app' ? 'whatsapp:' : '';
    return this.post('Messages.json', { To: `${prefix}${page.to}`, From: `${prefix}${from}`, Body: page.text });
  }

  private post(resource: string, fields: Record<string, string>) {
    const { accountSid, authToken, apiUrl } = this.settings;
    return deliverOverHttp(
      {
        url: `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/${resource}`,
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(fields).toString(),
      },
      this.egress,
      (response) => {
        const answer = parseJson(response.body);
        const sid = typeof answer?.sid === 'string' ? answer.sid : null;
        if (!sid) return failed(true, `${response.status} without a sid: ${response.body}`);
        return delivered(sid, typeof answer?.status === 'string' ? answer.status : `${response.status}`);
      },
    ).then((result) =>
      // Twilio's refusals are JSON {code, message}: its message reads better than the raw body
      result.ok ? result : { ...result, answer: twilioReason(result.answer) },
    );
  }
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function twilioReason(answer: string): string {
  const match = /^(\d{3}) (\{.*\})$/.exec(answer);
  const body = match ? parseJson(match[2]) : null;
  if (!match || typeof body?.message !== 'string') return answer;
  return `${match[1]} ${body.message}${body.code ? ` (code ${String(body.code)})` : ''}`;
}
