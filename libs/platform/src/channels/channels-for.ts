import { randomUUID } from 'node:crypto';
import { isPhoneNotificationType, PHONE_NOTIFICATION_TYPES } from '@tocsin/domain';
import type { AppConfig } from '../config/config';
import {
  delivered,
  failed,
  type Channel,
  type ChannelKind,
  type Channels,
  type ChatNotice,
  type DeliveryResult,
  type Notice,
  type PageMessage,
} from './channels.port';
import { channelSettings } from './channel-settings';
import { DevChannel, type DevOutbox } from './dev-channel';
import type { MailMessage } from './dev-mailbox';
import type { EgressOptions } from './egress';
import { annotateSpan, inSpan } from '../tracing/tracing';
import { EmailChannel } from './email-channel';
import { HttpGatewayPhoneProvider } from './phone/http-gateway-phone-provider';
import { PhoneChannel } from './phone/phone-channel';
import type { PhoneProvider, PhoneText } from './phone/phone-provider.port';
import { TwilioPhoneProvider } from './phone/twilio-phone-provider';
import { ApnsChannel } from './push/apns-channel';
import { FcmChannel } from './push/fcm-channel';
import { SlackChannel } from './webhooks/slack-channel';
import { TeamsChannel } from './webhooks/teams-channel';

const PHONE_SETTINGS = 'PAGE_GATEWAY_URL or TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM';
const PUSH_SETTINGS = { apns: 'APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC', fcm: 'FCM_SERVICE_ACCOUNT' };

export interface ChannelsDependencies {
  now: () => number;
  /** The dev mailbox, or null (production, or mail going through SMTP): unconfigured kinds then fail. */
  outbox: DevOutbox | null;
  /** Told when an adapter throws instead of answering (a bug): the page is then reported failed, retryable. */
  onError?: (kind: ChannelKind, error: unknown) => void;
  /** Told how long each provider call took, in seconds, whatever its outcome (the metrics). */
  onCall?: (kind: ChannelKind, seconds: number) => void;
  /** The longest one send may take, whatever the adapter does; default twice CHANNEL_TIMEOUT_MS and a second. */
  backstopMs?: number;
}

/** The `Channels` port and what to close at shutdown. */
export interface ChannelRouter extends Channels {
  /** Which adapter serves each kind, for the start-up log (names only, never a secret). */
  readonly adapters: Record<ChannelKind, string>;
  /** Mail that is no page (sign-up, reset, invitation links): the email channel's transport, or the dev mailbox. */
  mail(message: MailMessage): Promise<DeliveryResult>;
  /** A text that is no page (a verification code): the phone provider pages use, or the dev mailbox. */
  text(message: PhoneText): Promise<DeliveryResult>;
  /** A chat message that is no page (a Slack or Teams destination's code), through the same webhook adapters. */
  chat(kind: 'slack' | 'microsoft_teams', address: string, notice: ChatNotice): Promise<DeliveryResult>;
  /**
   * A notice that is no page (a shift reminder, a schedule change) to an address of any kind, through the same
   * adapters as `mail`, `text` and `chat` (push: the device's platform), or the dev mailbox where they are.
   */
  notice(kind: ChannelKind, address: string, notice: Notice): Promise<DeliveryResult>;
  close(): void;
}

/**
 * Chooses each kind's adapter from the configuration alone (README, "Configuration"): SMTP_URL for email;
 * PAGE_GATEWAY_URL, else TWILIO_*, for SMS, voice and WhatsApp; APNS_* and FCM_SERVICE_ACCOUNT for push; Slack
 * and Teams need nothing (the address is the webhook). Anything unconfigured is the dev counterpart.
 */
export function channelsFor(config: AppConfig, dependencies: ChannelsDependencies): ChannelRouter {
  const settings = channelSettings(config);
  const { now, outbox } = dependencies;
  const egress: EgressOptions = {
    allowPrivate: config.CHANNELS_ALLOW_PRIVATE_ADDRESSES,
    timeoutMs: config.CHANNEL_TIMEOUT_MS,
  };
  const requireHttps = config.NODE_ENV === 'production';
  // each adapter bounds its own calls; this bounds a send as a whole (SMTP's three timeouts, FCM's token then
  // message), so a page's job never waits on a provider longer than this
  const backstopMs = dependencies.backstopMs ?? config.CHANNEL_TIMEOUT_MS * 2 + 1000;
  const adapters = {} as Record<ChannelKind, string>;
  const channels = {} as Record<ChannelKind, Channel>;
  const closers: Array<() => void> = [];
  const use = (kind: ChannelKind, name: string, channel: Channel) => {
    adapters[kind] = name;
    channels[kind] = channel;
  };
  const dev = (kind: ChannelKind, missing: string) => use(kind, 'dev', new DevChannel(kind, missing, outbox));

  let email: EmailChannel | null = null;
  if (config.SMTP_URL) {
    const smtp = (email = new EmailChannel(config.SMTP_URL, config.MAIL_FROM, config.CHANNEL_TIMEOUT_MS));
    closers.push(() => smtp.close());
    use('email', 'smtp', smtp);
  } else dev('email', 'SMTP_URL');

  let phone: { name: string; provider: PhoneProvider } | null = null;
  if (settings.gateway) phone = { name: 'gateway', provider: new HttpGatewayPhoneProvider(settings.gateway, egress) };
  else if (settings.twilio) phone = { name: 'twilio', provider: new TwilioPhoneProvider(settings.twilio, egress) };
  for (const kind of PHONE_NOTIFICATION_TYPES) {
    if (phone) use(kind, phone.name, new PhoneChannel(kind, phone.provider));
    else dev(kind, PHONE_SETTINGS);
  }

  const chat = {
    slack: new SlackChannel(egress, requireHttps),
    microsoft_teams: new TeamsChannel(egress, requireHttps),
  };
  use('slack', 'webhook', chat.slack);
  use('microsoft_teams', 'webhook', chat.microsoft_teams);

  const push: { apns: ApnsChannel | null; fcm: FcmChannel | null } = { apns: null, fcm: null };
  if (settings.apns) {
    const apns = (push.apns = new ApnsChannel({ ...settings.apns, timeoutMs: config.CHANNEL_TIMEOUT_MS, now, egress }));
    closers.push(() => apns.close());
    use('apns', 'apns', apns);
  } else dev('apns', PUSH_SETTINGS.apns);

  if (settings.fcm) use('fcm', 'fcm', (push.fcm = new FcmChannel({ ...settings.fcm, egress: egress, now })));
  else dev('fcm', PUSH_SETTINGS.fcm);

  // a send as a whole is bounded, and an adapter that throws (a bug) is reported as a retryable failure
  const bounded = async (kind: ChannelKind, work: () => Promise<DeliveryResult>): Promise<DeliveryResult> => {
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    const deadline = new Promise<DeliveryResult>((resolve) => {
      timer = setTimeout(() => resolve(failed(true, `timeout: no outcome within ${backstopMs} ms`)), backstopMs);
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      dependencies.onError?.(kind, error);
      return failed(true, `internal error: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      dependencies.onCall?.(kind, (performance.now() - started) / 1000);
    }
  };
  const kept = async (kind: ChannelKind, mail: MailMessage, missing: string): Promise<DeliveryResult> => {
    if (!outbox) return failed(false, `${kind} is not configured: set ${missing}`);
    await outbox(mail);
    return delivered(`dev-${randomUUID()}`, `kept in the dev mailbox (${missing} not set)`);
  };

  const router: ChannelRouter = {
    adapters,
    send(kind: ChannelKind, address: string, message: PageMessage): Promise<DeliveryResult> {
      const channel = channels[kind];
      if (!channel) return Promise.resolve(failed(false, `unknown channel ${String(kind)}`));
      // the provider call as a span (traces on): its kind and outcome only, never the address or the message
      return inSpan(
        `page ${kind}`,
        async () => {
          const result = await bounded(kind, () => channel.send(address, message));
          annotateSpan({ 'tocsin.page.outcome': result.ok ? 'sent' : result.retryable ? 'retryable' : 'failed' });
          return result;
        },
        { kind: 'client', attributes: { 'tocsin.channel': kind } },
      );
    },
    mail(message: MailMessage) {
      return bounded('email', () => (email ? email.mail(message) : kept('email', message, 'SMTP_URL')));
    },
    text({ title, ...message }: PhoneText) {
      const provider = phone?.provider;
      return bounded(message.kind, () =>
        provider
          ? provider.send({ ...message, attemptId: randomUUID() })
          : kept(
              message.kind,
              { to: message.to, subject: `[${message.kind}] ${title}`, text: message.text },
              PHONE_SETTINGS,
            ),
      );
    },
    chat(kind, address, notice) {
      return bounded(kind, () => chat[kind].notice(address, notice));
    },
    notice(kind, address, { title, text, url }) {
      const linked = url ? `${text}\n\n${url}` : text;
      if (kind === 'email') return router.mail({ to: address, subject: title, text: linked });
      if (kind === 'slack' || kind === 'microsoft_teams')
        return router.chat(kind, address, { id: randomUUID(), title, text: linked });
      if (kind === 'apns' || kind === 'fcm') {
        const adapter = push[kind];
        return bounded(kind, () =>
          adapter
            ? adapter.notice(address, { title, text, url })
            : kept(kind, { to: address, subject: `[${kind}] ${title}`, text: linked }, PUSH_SETTINGS[kind]),
        );
      }
      if (isPhoneNotificationType(kind))
        return router.text({
          kind,
          to: address,
          title,
          text: linked,
          spoken: `${title}. ${text}`,
        });
      return Promise.resolve(failed(false, `unknown channel ${String(kind)}`));
    },
    close() {
      closers.forEach((close) => close());
    },
  };
  return router;
}
