import type { KeyObject } from 'node:crypto';
import { isPhoneNotificationType } from '@tocsin/domain';
import { gatewayUrlProblem } from './phone/gateway-template';
import type { GatewaySettings } from './phone/http-gateway-phone-provider';
import type { PhoneKind } from './phone/phone-provider.port';
import type { TwilioPageSettings } from './phone/twilio-phone-provider';
import { privateKeyFrom } from './push/jwt';

/** The configuration variables the channels read (AppConfig satisfies it; config.ts imports this file). */
export interface ChannelVariables {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_URL: string;
  PAGE_GATEWAY_URL?: string;
  PAGE_GATEWAY_METHOD?: 'GET' | 'POST';
  PAGE_GATEWAY_BODY?: string;
  PAGE_GATEWAY_CONTENT_TYPE?: string;
  PAGE_GATEWAY_HEADERS?: string;
  PAGE_GATEWAY_KINDS: string[];
  APNS_KEY?: string;
  APNS_KEY_ID?: string;
  APNS_TEAM_ID?: string;
  APNS_TOPIC?: string;
  APNS_URL: string;
  FCM_SERVICE_ACCOUNT?: string;
  FCM_URL: string;
  FCM_TOKEN_URL?: string;
}

export interface ChannelSettings {
  twilio: TwilioPageSettings | null;
  gateway: GatewaySettings | null;
  apns: { key: KeyObject; keyId: string; teamId: string; topic: string; url: string } | null;
  fcm: { projectId: string; clientEmail: string; key: KeyObject; url: string; tokenUrl: string } | null;
}

/** The settings the adapters take, read from the configuration; throws on what `channelConfigProblems` names. */
export function channelSettings(config: ChannelVariables): ChannelSettings {
  const problems = channelConfigProblems(config);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_URL } = config;
  const account = config.FCM_SERVICE_ACCOUNT ? serviceAccount(config.FCM_SERVICE_ACCOUNT) : null;
  return {
    twilio:
      TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_FROM
        ? { accountSid: TWILIO_ACCOUNT_SID, authToken: TWILIO_AUTH_TOKEN, from: TWILIO_FROM, apiUrl: TWILIO_API_URL }
        : null,
    gateway: config.PAGE_GATEWAY_URL
      ? {
          urlTemplate: config.PAGE_GATEWAY_URL,
          method: config.PAGE_GATEWAY_METHOD ?? (config.PAGE_GATEWAY_BODY === undefined ? 'GET' : 'POST'),
          bodyTemplate: config.PAGE_GATEWAY_BODY,
          contentType:
            config.PAGE_GATEWAY_CONTENT_TYPE ??
            (config.PAGE_GATEWAY_BODY?.trim().startsWith('{')
              ? 'application/json'
              : 'application/x-www-form-urlencoded'),
          headers: config.PAGE_GATEWAY_HEADERS
            ? (JSON.parse(config.PAGE_GATEWAY_HEADERS) as Record<string, string>)
            : {},
          kinds: config.PAGE_GATEWAY_KINDS as PhoneKind[],
        }
      : null,
    apns: config.APNS_KEY
      ? {
          key: privateKeyFrom(config.APNS_KEY),
          keyId: config.APNS_KEY_ID!,
          teamId: config.APNS_TEAM_ID!,
          topic: config.APNS_TOPIC!,
          url: config.APNS_URL,
        }
      : null,
    fcm: account
      ? {
          projectId: account.project_id,
          clientEmail: account.client_email,
          key: privateKeyFrom(account.private_key),
          url: config.FCM_URL,
          tokenUrl: config.FCM_TOKEN_URL ?? account.token_uri ?? 'https://oauth2.googleapis.com/token',
        }
      : null,
  };
}

interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

function serviceAccount(json: string): ServiceAccount {
  return JSON.parse(json) as ServiceAccount;
}

/** What start-up refuses in the channel variables, each naming the variable and what to write. */
export function channelConfigProblems(config: ChannelVariables): string[] {
  const problems: string[] = [];
  if (config.PAGE_GATEWAY_URL) {
    const problem = gatewayUrlProblem(config.PAGE_GATEWAY_URL, config.PAGE_GATEWAY_BODY);
    if (problem) problems.push(`PAGE_GATEWAY_URL ${problem}`);
  }
  if (config.PAGE_GATEWAY_HEADERS) {
    let headers: unknown = null;
    try {
      headers = JSON.parse(config.PAGE_GATEWAY_HEADERS);
    } catch {
      // reported below
    }
    if (
      !headers ||
      typeof headers !== 'object' ||
      Array.isArray(headers) ||
      Object.values(headers).some((v) => typeof v !== 'string')
    ) {
      problems.push(
        'PAGE_GATEWAY_HEADERS must be a JSON object of header names to text, like {"Authorization":"Bearer key"}',
      );
    }
  }
  if (config.PAGE_GATEWAY_KINDS.some((kind) => !isPhoneNotificationType(kind))) {
    problems.push('PAGE_GATEWAY_KINDS must be a comma-separated list of sms, voice, whats_app');
  }
  const apns = {
    APNS_KEY: config.APNS_KEY,
    APNS_KEY_ID: config.APNS_KEY_ID,
    APNS_TEAM_ID: config.APNS_TEAM_ID,
    APNS_TOPIC: config.APNS_TOPIC,
  };
  const apnsSet = Object.entries(apns).filter(([, value]) => value);
  if (apnsSet.length > 0 && apnsSet.length < 4) {
    const missing = Object.keys(apns).filter((name) => !apns[name as keyof typeof apns]);
    problems.push(
      `APNs needs ${missing.join(', ')} as well (set all four of APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_TOPIC, or none)`,
    );
  }
  if (config.APNS_KEY && !isPrivateKeyOf(config.APNS_KEY, 'ec')) {
    problems.push('APNS_KEY must be the .p8 key from Apple (PEM text starting with -----BEGIN PRIVATE KEY-----)');
  }
  if (config.FCM_SERVICE_ACCOUNT) {
    let account: Partial<ServiceAccount> | null = null;
    try {
      account = serviceAccount(config.FCM_SERVICE_ACCOUNT);
    } catch {
      // reported below
    }
    if (
      !account ||
      typeof account.project_id !== 'string' ||
      typeof account.client_email !== 'string' ||
      typeof account.private_key !== 'string'
    ) {
      problems.push(
        'FCM_SERVICE_ACCOUNT must be the JSON key file of a Firebase service account (with project_id, client_email, private_key)',
      );
    } else if (!isPrivateKeyOf(account.private_key, 'rsa')) {
      problems.push('FCM_SERVICE_ACCOUNT private_key is not an RSA private key in PEM form');
    }
  }
  return problems;
}

/** True when the text is a private key of that type. */
function isPrivateKeyOf(pem: string, type: 'ec' | 'rsa'): boolean {
  try {
    return privateKeyFrom(pem).asymmetricKeyType === type;
  } catch {
    return false;
  }
}
