import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  validateSync,
} from 'class-validator';
import { isIP } from 'node:net';
import { channelConfigProblems } from '../channels/channel-settings';
import { dataStoreProblems, withoutCredentials } from './data-store-credentials';
import { isTrustProxy, parseTrustProxy, TRUST_PROXY_FORMAT } from './trust-proxy';

const OPS_SAMPLE_INTERVAL_FORMAT = 'OPS_SAMPLE_INTERVAL_MS must be 0 (off) or whole milliseconds from 1000 to 60000';

const URL_OF = (schemes: string) => new RegExp(`^(${schemes})://\\S+$`);
const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' || value === '' || value === undefined ? false : value;
/** An absolute http(s) address, maybe with a path prefix, no query or fragment; kept without its trailing slash. */
/**
 * Production with EventStoreDB runs several processes, usually on several machines: a key made in one
 * process's DATA_DIR would differ from the next one's, so signing secrets and one-click links would fail
 * across them. There the keys must be configured (README "Configuration").
 */
const sharedKeysRequired = (config: AppConfig) => config.NODE_ENV === 'production' && !!config.EVENTSTORE_URL;
const keyMessage =
  (name: string) =>
  ({ value }: { value: unknown }): string =>
    `${name} must be at least 32 characters` +
    (value === undefined
      ? ' (required in production with EVENTSTORE_URL, the same on every process; make one with openssl rand -base64 33)'
      : '');

const PUBLIC_URL_FORMAT = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/;
const withoutTrailingSlash = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().replace(/\/+$/, '') || undefined : value;
const commaList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;
/** An IP address with an optional port, as node:dns setServers takes it ("127.0.0.1:5353", "::1", "[::1]:53"). */
function isDnsServer(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (isIP(value) === 6) return true;
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(value);
  const port = Number(match?.[3] ?? 53);
  return !!match && isIP(match[1] ?? match[2]) === (match[1] ? 6 : 4) && port >= 1 && port <= 65535;
}
const emailList = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean)
    : value;

// class-validator checks the decorator nearest the property first: type checks sit nearest.

/**
 * Every environment variable the processes read (documented in README.md). Unset server URLs mean
 * the embedded adapter for that port.
 */
export class AppConfig {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /** api: HTTP + sockets; worker: jobs; projector: projections; all: the three in one process. */
  @IsOptional()
  @IsIn(['all', 'api', 'worker', 'projector'])
  APP_ROLE: 'all' | 'api' | 'worker' | 'projector' = 'all';

  @IsOptional()
  @Transform(toInt)
  @Max(65535)
  @Min(0)
  @IsInt({ message: 'PORT must be a whole number' })
  PORT = 3000;

  @IsOptional()
  @IsString()
  HOST = '0.0.0.0';

  /**
   * GET /metrics: the bearer token a scraper must present. Unset: /metrics answers only to this machine's
   * loopback (README, "Metrics").
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' })
  METRICS_TOKEN?: string;

  /** The worker's and the projector's own /metrics port (the api serves /metrics on PORT). */
  @IsOptional()
  @Transform(toInt)
  @Max(65535)
  @Min(0)
  @IsInt({ message: 'METRICS_PORT must be a whole number' })
  METRICS_PORT = 9464;

  /** Where the embedded event log lives (`events.db`). */
  @IsOptional()
  @IsString()
  DATA_DIR = 'data';

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(URL_OF('esdb|esdb\\+discover'), { message: 'EVENTSTORE_URL must look like esdb://host:2113?tls=false' })
  EVENTSTORE_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(URL_OF('mongodb|mongodb\\+srv'), {
    message: 'MONGO_URL must look like mongodb://host:27017/tocsin?replicaSet=rs0',
  })
  MONGO_URL?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(URL_OF('redis|rediss'), { message: 'REDIS_URL must look like redis://host:6379' })
  REDIS_URL?: string;

  /** Namespace of the BullMQ keys in Redis, so installs (or parallel test runs) can share one Redis. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, {
    message: 'BULLMQ_PREFIX must be 1 to 64 letters, digits, dots, dashes or underscores',
  })
  BULLMQ_PREFIX = 'tocsin';

  /** Who may say a client's address in X-Forwarded-For (Express's `trust proxy`); false: no one. */
  @Transform(parseTrustProxy)
  @ValidateBy({ name: 'isTrustProxy', validator: { validate: isTrustProxy, defaultMessage: () => TRUST_PROXY_FORMAT } })
  TRUST_PROXY: false | number | string[] = false;

  /** Requests per minute per session (signed in) and per client address (anonymous), beyond which the API answers 429. */
  @IsOptional()
  @Transform(toInt)
  @Min(1)
  @IsInt({ message: 'RATE_LIMIT_PER_MINUTE must be a whole number of requests' })
  RATE_LIMIT_PER_MINUTE = 1200;

  /**
   * Signatures one sender (an event source; a phone number replying through the SMS gateway) may have remembered
   * at once in process (no REDIS_URL) for the replay check. Beyond it that sender is answered 429 until its oldest
   * expires: a signature still inside its window is never forgotten, and no other sender is refused for it.
   */
  @IsOptional()
  @Transform(toInt)
  @Min(1)
  @IsInt({ message: 'SIGNATURE_MEMORY_PER_SENDER must be a whole number of signatures' })
  SIGNATURE_MEMORY_PER_SENDER = 100_000;

  /**
   * The most heartbeats one organization keeps (each is checked every period: more would take that work from
   * the other organizations); a new one beyond it is refused (409).
   */
  @IsOptional()
  @Transform(toInt)
  @Min(1)
  @IsInt({ message: 'HEARTBEATS_PER_ORGANIZATION must be a whole number of heartbeats' })
  HEARTBEATS_PER_ORGANIZATION = 10_000;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** The git revision shown by /infra/health (read from git when unset). */
  @IsOptional()
  @IsString()
  GIT_REVISION?: string;

  /** Directory of the built web app the api serves. */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  /** How often live health is pushed to the ops view, in ms. */
  @IsOptional()
  @Transform(toInt)
  @Min(250)
  @IsInt({ message: 'HEALTH_PUSH_INTERVAL_MS must be a whole number of milliseconds' })
  HEALTH_PUSH_INTERVAL_MS = 5000;

  /**
   * How often each process samples its figures for the ops charts (README, "Ops charts"), in ms; 0 samples nothing
   * (the charts stay empty). Every process of one deployment must use the same value: the series lines samples up
   * by it.
   */
  @IsOptional()
  @Transform(toInt)
  @ValidateBy({
    name: 'opsSampleInterval',
    validator: {
      validate: (value: unknown) => value === 0 || (Number(value) >= 1000 && Number(value) <= 60_000),
      defaultMessage: () => OPS_SAMPLE_INTERVAL_FORMAT,
    },
  })
  @IsInt({ message: OPS_SAMPLE_INTERVAL_FORMAT })
  OPS_SAMPLE_INTERVAL_MS = 10_000;

  /** How long GET /health/engine waits for a paging cycle before it answers 503, in ms. */
  @IsOptional()
  @Transform(toInt)
  @Min(100)
  @IsInt({ message: 'ENGINE_PROBE_TIMEOUT_MS must be a whole number of milliseconds' })
  ENGINE_PROBE_TIMEOUT_MS = 5000;

  /**
   * How late an escalation step or a notification may be (past its due time, not run), or how long a try may go
   * unanswered beyond the channel's own timeout, before the escalation auditor pages the operators, in ms.
   */
  @IsOptional()
  @Transform(toInt)
  @Min(1000)
  @IsInt({ message: 'AUDITOR_GRACE_MS must be a whole number of milliseconds' })
  AUDITOR_GRACE_MS = 120_000;

  /** Where mail goes (account mail and email pages). Unset: mail is kept in the dev mailbox instead of sent. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(URL_OF('smtp|smtps'), { message: 'SMTP_URL must look like smtp://user:pass@host:587' })
  SMTP_URL?: string;

  /** The sender of the mail Tocsin sends. */
  @IsOptional()
  @IsString()
  MAIL_FROM = 'Tocsin <no-reply@tocsin.local>';

  /**
   * The address people open Tocsin at. Emailed links (password reset, invitations, email verification)
   * start with it, never with a request's Host or Origin, which the sender of the request chooses.
   * Required in production; elsewhere unset means this machine (see apps/api/src/shared/public-url.ts).
   */
  @ValidateIf((config: AppConfig) => config.PUBLIC_URL !== undefined || config.NODE_ENV === 'production')
  @Transform(withoutTrailingSlash)
  @Matches(PUBLIC_URL_FORMAT, {
    message:
      'PUBLIC_URL must be the address people open Tocsin at, like https://tocsin.example.com (required in production)',
  })
  PUBLIC_URL?: string;

  /** Comma-separated emails of the operators who may open a staff session in any organization. */
  @IsOptional()
  @Transform(emailList)
  @IsEmail({}, { each: true, message: 'ADMIN_EMAILS must be comma-separated email addresses' })
  ADMIN_EMAILS: string[] = [];

  /** DNS servers for domain-verification lookups (SSO TXT records), comma-separated; unset: the system's resolvers. */
  @IsOptional()
  @Transform(commaList)
  @ValidateBy({
    name: 'isDnsServerList',
    validator: {
      validate: (value) => Array.isArray(value) && value.every(isDnsServer),
      defaultMessage: () => 'DNS_SERVERS must be comma-separated IP addresses with optional ports, like 127.0.0.1:5353',
    },
  })
  DNS_SERVERS?: string[];

  /** Twilio (or a compatible API) for verification codes and phone pages. Unset: they are kept in the dev mailbox. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  TWILIO_ACCOUNT_SID?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  TWILIO_AUTH_TOKEN?: string;

  /** The sending number (E.164); WhatsApp messages go from `whatsapp:` + this number. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  TWILIO_FROM?: string;

  @IsOptional()
  @Matches(URL_OF('https?'), { message: 'TWILIO_API_URL must look like https://api.twilio.com' })
  TWILIO_API_URL = 'https://api.twilio.com';

  /**
   * Encrypts secrets Tocsin must read back (event sources' signing secrets) in the log and the read models
   * (AES-256-GCM under its SHA-256; at least 32 characters). Unset: a random key made once in DATA_DIR
   * (secretKeyOf); required in production with EVENTSTORE_URL, where processes do not share DATA_DIR.
   * Changing it makes the stored secrets unreadable: make new ones.
   */
  @ValidateIf((config: AppConfig) => config.SECRETS_KEY !== undefined || sharedKeysRequired(config))
  @Transform(emptyToUndefined)
  @IsString({ message: keyMessage('SECRETS_KEY') })
  @Matches(/^.{32,}$/s, { message: keyMessage('SECRETS_KEY') })
  SECRETS_KEY?: string;

  /** Every call to a page's provider (SMTP, Twilio, gateway, webhooks, APNs, FCM) gives up after this long and is retried. */
  @IsOptional()
  @Transform(toInt)
  @Max(120_000)
  @Min(100)
  @IsInt({ message: 'CHANNEL_TIMEOUT_MS must be a whole number of milliseconds' })
  CHANNEL_TIMEOUT_MS = 10_000;

  /**
   * Let Slack and Teams webhook addresses (chosen by organizations) reach loopback and private networks. Off: an
   * organization must not make Tocsin call into the network it runs in. On for tests and a local development setup.
   */
  @Transform(toBoolean)
  @IsIn([true, false], { message: 'CHANNELS_ALLOW_PRIVATE_ADDRESSES must be true or false' })
  CHANNELS_ALLOW_PRIVATE_ADDRESSES = false;

  /**
   * A generic SMS gateway for pages, used instead of Twilio when set: a URL template with {to}, {text}, {kind}
   * and {id}, like https://gw.example/send?to={to}&text={text} (values URL-encoded).
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  PAGE_GATEWAY_URL?: string;

  /** GET or POST; unset: POST when PAGE_GATEWAY_BODY is set, else GET. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(['GET', 'POST'], { message: 'PAGE_GATEWAY_METHOD must be GET or POST' })
  PAGE_GATEWAY_METHOD?: 'GET' | 'POST';

  /** The request body template, same placeholders, e.g. {"to":"{to}","text":"{text}"} (JSON-escaped in JSON). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  PAGE_GATEWAY_BODY?: string;

  /** Unset: application/json when the body starts with {, else application/x-www-form-urlencoded. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[\w.+-]+\/[\w.+-]+(;.*)?$/, {
    message: 'PAGE_GATEWAY_CONTENT_TYPE must be a media type like application/json',
  })
  PAGE_GATEWAY_CONTENT_TYPE?: string;

  /** Extra request headers as a JSON object, e.g. {"Authorization":"Bearer key"}. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  PAGE_GATEWAY_HEADERS?: string;

  /** What the gateway delivers, comma-separated (sms, voice, whats_app); other kinds fail and paging moves on. */
  @IsOptional()
  @Transform(commaList)
  @IsString({ each: true })
  PAGE_GATEWAY_KINDS: string[] = ['sms'];

  /** The shared secret the gateway signs inbound SMS replies with (X-Tocsin-Signature, see README). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  PAGE_GATEWAY_SECRET?: string;

  /** APNs push: the .p8 key (PEM, newlines may be written \n), its key id, the team id, the app's bundle id. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  APNS_KEY?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  APNS_KEY_ID?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  APNS_TEAM_ID?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  APNS_TOPIC?: string;

  @IsOptional()
  @Matches(URL_OF('https?'), { message: 'APNS_URL must look like https://api.push.apple.com' })
  APNS_URL = 'https://api.push.apple.com';

  /** FCM push: the Firebase service account's JSON key file, as text. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  FCM_SERVICE_ACCOUNT?: string;

  @IsOptional()
  @Matches(URL_OF('https?'), { message: 'FCM_URL must look like https://fcm.googleapis.com' })
  FCM_URL = 'https://fcm.googleapis.com';

  /** Unset: the service account's token_uri. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(URL_OF('https?'), { message: 'FCM_TOKEN_URL must look like https://oauth2.googleapis.com/token' })
  FCM_TOKEN_URL?: string;

  /**
   * Signs the one-click acknowledge / resolve links of pages (at least 32 characters; changing it voids the links
   * already sent). Unset: a random key made once in DATA_DIR (never a well-known development secret: a server
   * listening on every interface would take forged links), so it must be set wherever the processes that send pages
   * and those that take the links do not share DATA_DIR: required in production with EVENTSTORE_URL.
   */
  @ValidateIf((config: AppConfig) => config.ACTION_LINK_SECRET !== undefined || sharedKeysRequired(config))
  @Transform(emptyToUndefined)
  @MinLength(32, { message: keyMessage('ACTION_LINK_SECRET') })
  @IsString({ message: keyMessage('ACTION_LINK_SECRET') })
  ACTION_LINK_SECRET?: string;

  /** SPEC.md section 4: adding a phone with consent verifies it at once, no code is sent. */
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' || value === '' ? false : value))
  @IsIn([true, false], { message: 'SIMPLE_PHONE_VERIFICATION must be true or false' })
  SIMPLE_PHONE_VERIFICATION = false;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const KNOWN = new Set(
  Object.keys(new AppConfig()).concat([
    'EVENTSTORE_URL',
    'MONGO_URL',
    'REDIS_URL',
    'GIT_REVISION',
    'WEB_DIST',
    'SMTP_URL',
    'METRICS_TOKEN',
    'PUBLIC_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM',
    'DNS_SERVERS',
    'SECRETS_KEY',
    'PAGE_GATEWAY_URL',
    'PAGE_GATEWAY_METHOD',
    'PAGE_GATEWAY_BODY',
    'PAGE_GATEWAY_CONTENT_TYPE',
    'PAGE_GATEWAY_HEADERS',
    'PAGE_GATEWAY_SECRET',
    'APNS_KEY',
    'APNS_KEY_ID',
    'APNS_TEAM_ID',
    'APNS_TOPIC',
    'FCM_SERVICE_ACCOUNT',
    'FCM_TOKEN_URL',
    'ACTION_LINK_SECRET',
  ]),
);

/** Never echoed in an error: start-up messages end up in logs. */
const SECRETS = new Set([
  'METRICS_TOKEN',
  'TWILIO_AUTH_TOKEN',
  'PAGE_GATEWAY_HEADERS',
  'PAGE_GATEWAY_SECRET',
  'APNS_KEY',
  'FCM_SERVICE_ACCOUNT',
  'ACTION_LINK_SECRET',
  'SECRETS_KEY',
]);
const DATA_STORE_URLS = new Set(['EVENTSTORE_URL', 'MONGO_URL', 'REDIS_URL']);
const shown = (name: string, value: unknown) =>
  SECRETS.has(name)
    ? '(hidden)'
    : JSON.stringify(DATA_STORE_URLS.has(name) && typeof value === 'string' ? withoutCredentials(value) : value);

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const picked = Object.fromEntries(Object.entries(env).filter(([key]) => KNOWN.has(key)));
  const config = plainToInstance(AppConfig, picked);
  const errors = validateSync(config, { skipMissingProperties: false, stopAtFirstError: true });
  const problems = errors.length > 0 ? [] : [...channelConfigProblems(config), ...dataStoreProblems(config)];
  if (errors.length > 0 || problems.length > 0) {
    throw new ConfigError(
      problems.concat(
        errors.flatMap((e) =>
          Object.values(e.constraints ?? {}).map(
            (m) =>
              `${e.property}${e.property in picked ? `=${shown(e.property, picked[e.property])}` : ' is not set'}: ${m}`,
          ),
        ),
      ),
    );
  }
  return config;
}
