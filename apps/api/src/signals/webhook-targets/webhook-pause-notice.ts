import { Inject, Injectable } from '@nestjs/common';
import { membershipsView, usersView, type WebhookTargetDoc } from '@tocsin/read-models';
import { MAILER, type Mailer } from '../../mail/mailer';
import { LOGGER, READ_STORE, type Logger, type ReadStore } from '../../runtime/ports';
import { PublicUrl } from '../../shared/public-url';

/**
 * Tells the organization's owners that a target was paused (teams hold no owner role of their own here: the
 * organization's owners are who can resume it and fix its URL). A mail that fails is logged; the target's page
 * shows the pause either way.
 */
@Injectable()
export class WebhookPauseNotice {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly publicUrl: PublicUrl,
  ) {}

  async send(target: WebhookTargetDoc, failures: number, since: string): Promise<void> {
    const owners = await membershipsView.withRoles(this.store, target.orgId, ['owner']);
    const users = await usersView.byIds(
      this.store,
      owners.map((m) => m.userId),
    );
    const link = `${this.publicUrl.base}/signals/webhook_targets/${target._id}`;
    for (const user of users) {
      try {
        await this.mailer.send({
          to: user.email,
          // a name is one line in a header, whatever was typed
          subject: `Webhook target paused: ${target.name.replace(/\s+/g, ' ')}`,
          text:
            `Tocsin paused the webhook target "${target.name}" after ${failures} failed deliveries in a row since ${since}.\n` +
            `Nothing is sent to it until it is resumed. Its delivery log shows each answer:\n${link}\n\n` +
            `Once the receiver answers again, resume the target; it can fetch the events it missed from the events endpoint.`,
        });
      } catch (error) {
        this.logger.error({ err: error, target: target._id }, 'webhooks: the pause notice could not be sent');
      }
    }
  }
}
