import type { Provider } from '@nestjs/common';
import { channelsFor, DevMailbox, type ChannelRouter } from '@tocsin/platform';
import {
  CHANNELS,
  CLOCK,
  CONFIG,
  DEV_MAILBOX,
  LOGGER,
  METRICS,
  type AppConfig,
  type Clock,
  type Logger,
  type Metrics,
} from './ports';

/**
 * Outside production the dev mailbox stands in for every provider not configured (GET /api/v1/dev/mailbox): with
 * SMTP_URL set there is none, as mail, the most of what it holds, is really sent.
 */
export function devMailboxFor(config: AppConfig, logger: Logger, clock: Clock): DevMailbox | null {
  if (config.NODE_ENV === 'production' || config.SMTP_URL) return null;
  return new DevMailbox(config.MAIL_FROM, logger, () => clock.now());
}

/**
 * The channels port (CHANNELS) built from the configuration: pages, account mail and verification codes all leave
 * through it; without a provider for a kind, outside production, they are kept in the dev mailbox.
 */
export function channelsProviderFor(
  config: AppConfig,
  clock: Clock,
  logger: Logger,
  mailbox: DevMailbox | null,
  metrics: Metrics,
) {
  const channels = channelsFor(config, {
    now: () => clock.now(),
    onCall: (kind, seconds) => metrics.providerCalls.observe({ channel: kind }, seconds),
    outbox: mailbox && ((mail) => mailbox.keep(mail)),
    onError: (kind, error) => logger.error({ kind, err: error }, 'a channel adapter threw instead of answering'),
  });
  logger.info({ adapters: channels.adapters }, 'notification channels');
  // Nest calls the hook on the instance: closes the SMTP pool and the APNs connection at shutdown
  return Object.assign(channels, { onModuleDestroy: () => channels.close() }) as ChannelRouter;
}

export const channelsProviders: Provider[] = [
  { provide: DEV_MAILBOX, useFactory: devMailboxFor, inject: [CONFIG, LOGGER, CLOCK] },
  { provide: CHANNELS, useFactory: channelsProviderFor, inject: [CONFIG, CLOCK, LOGGER, DEV_MAILBOX, METRICS] },
];
