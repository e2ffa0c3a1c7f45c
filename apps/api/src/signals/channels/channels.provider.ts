import type { Provider } from '@nestjs/common';
import { channelsFor, type ChannelRouter } from '@tocsin/platform';
import { DevMailbox } from '../../mail/dev-mailbox';
import { MAILER, type Mailer } from '../../mail/mailer';
import { CHANNELS, CLOCK, CONFIG, LOGGER, type AppConfig, type Clock, type Logger } from '../../runtime/ports';

/**
 * The channels port (CHANNELS) built from the configuration; without a provider for a kind, outside production,
 * pages go to the dev mailbox the rest of the dev mail uses (GET /api/v1/dev/mailbox?to=<address>).
 */
export function channelsProviderFor(config: AppConfig, clock: Clock, logger: Logger, mailer: Mailer) {
  const outbox =
    config.NODE_ENV !== 'production' && mailer instanceof DevMailbox
      ? (mail: { to: string; subject: string; text: string; html?: string }) => mailer.send(mail)
      : null;
  const channels = channelsFor(config, {
    now: () => clock.now(),
    outbox,
    onError: (kind, error) => logger.error({ kind, err: error }, 'a channel adapter threw instead of answering'),
  });
  logger.info({ adapters: channels.adapters }, 'notification channels');
  // Nest calls the hook on the instance: closes the SMTP pool and the APNs connection at shutdown
  return Object.assign(channels, { onModuleDestroy: () => channels.close() }) as ChannelRouter;
}

export const channelsProvider: Provider = {
  provide: CHANNELS,
  useFactory: channelsProviderFor,
  inject: [CONFIG, CLOCK, LOGGER, MAILER],
};
