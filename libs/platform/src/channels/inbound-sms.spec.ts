import { gatewaySignature, twilioSignature } from './inbound-signatures';
import { inboundSmsMessage, inboundSmsProvider, inboundSmsSigned } from './inbound-sms';

const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: '+15550001111' };
const now = Date.parse('2026-11-24T21:00:00Z');

describe('inbound SMS replies', () => {
  it('knows which provider may send replies, and refuses them all without one', () => {
    expect(inboundSmsProvider(twilio)).toEqual({ kind: 'twilio', authToken: 'tok' });
    expect(
      inboundSmsProvider({ ...twilio, PAGE_GATEWAY_URL: 'https://gw/x?to={to}', PAGE_GATEWAY_SECRET: 's' }),
    ).toEqual({
      kind: 'gateway',
      secret: 's',
    });
    expect(inboundSmsProvider({ PAGE_GATEWAY_URL: 'https://gw/x?to={to}' })).toEqual({ kind: 'none' });
    expect(inboundSmsProvider({})).toEqual({ kind: 'none' });
  });

  it('believes a Twilio reply signed over the URL and its form', () => {
    const url = 'https://tocsin.example/api/v1/signals/sms/inbound';
    const params = { From: '+15557654321', Body: 'ACK 4KX9QZ', MessageSid: 'SM1' };
    const signed = {
      url,
      rawBody: '',
      params,
      nowMs: now,
      headers: { 'x-twilio-signature': twilioSignature('tok', url, params) },
    };
    expect(inboundSmsSigned({ kind: 'twilio', authToken: 'tok' }, signed)).toEqual({ signed: true, replay: null });
    expect(
      inboundSmsSigned({ kind: 'twilio', authToken: 'tok' }, { ...signed, params: { ...params, Body: 'RES 4KX9QZ' } }),
    ).toEqual({ signed: false });
    expect(inboundSmsSigned({ kind: 'none' }, signed)).toEqual({ signed: false });
  });

  it('believes a gateway reply signed over its raw body', () => {
    const rawBody = '{"from":"15557654321","text":"ack 4kx9qz"}';
    const request = {
      url: 'https://tocsin.example/x',
      rawBody,
      params: JSON.parse(rawBody) as Record<string, unknown>,
      nowMs: now,
      headers: { 'x-tocsin-signature': gatewaySignature('s', rawBody, now / 1000) },
    };
    // named for the replay check by its MAC, remembered until its timestamp is 5 minutes old
    expect(inboundSmsSigned({ kind: 'gateway', secret: 's' }, request)).toEqual({
      signed: true,
      replay: { digest: request.headers['x-tocsin-signature'].split('v1=')[1], untilMs: now + 300_000 },
    });
    expect(
      inboundSmsSigned({ kind: 'gateway', secret: 's' }, { ...request, rawBody: rawBody.replace('ack', 'res') }),
    ).toEqual({ signed: false });
  });

  it('reads sender and text from Twilio and gateway payloads', () => {
    expect(inboundSmsMessage({ From: 'whatsapp:+15557654321', Body: 'ACK 4KX9QZ' })).toEqual({
      from: '+15557654321',
      text: 'ACK 4KX9QZ',
    });
    expect(inboundSmsMessage({ msisdn: '15557654321', text: 'ack 4kx9qz' })).toEqual({
      from: '+15557654321',
      text: 'ack 4kx9qz',
    });
    expect(inboundSmsMessage({ text: 'ACK 4KX9QZ' })).toBeNull();
    expect(inboundSmsMessage({ from: 42, text: 'ACK' })).toBeNull();
  });
});
