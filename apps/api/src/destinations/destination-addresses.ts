import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_TYPE_LABELS, PUSH_PLATFORM_TYPES, type NotificationType } from '@tocsin/domain';
import { chatDestinationsView, pushDevicesView } from '@tocsin/read-models';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { SecretBox } from '../signals/event-sources/secret-box';

export type ResolvedAddress = { address: string } | { refused: string };

/**
 * Where a page of a Slack, Teams or push setting goes, read when it is sent: such a setting names the destination
 * by its id (the webhook URL and the device token stay sealed, out of the alert's events), so a destination removed
 * or not verified since is paged no more and the page fails for good, on to the person's next method. Other
 * types carry their address (an email, a phone number) as is.
 */
@Injectable()
export class DestinationAddresses {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly box: SecretBox,
  ) {}

  async resolve(userId: string, channel: NotificationType, id: string): Promise<ResolvedAddress> {
    const label = NOTIFICATION_TYPE_LABELS[channel];
    if (channel === 'slack' || channel === 'microsoft_teams') {
      const doc = await chatDestinationsView.byId(this.store, userId, id);
      if (!doc || doc.kind !== channel || !doc.verified)
        return { refused: `refused: the ${label} destination was removed or is not verified` };
      return this.opened(doc.sealedUrl, label);
    }
    if (channel === 'apns' || channel === 'fcm') {
      const doc = await pushDevicesView.byId(this.store, userId, id);
      if (!doc || PUSH_PLATFORM_TYPES[doc.platform] !== channel)
        return { refused: 'refused: the push device was removed' };
      return this.opened(doc.sealedToken, label);
    }
    return { address: id };
  }

  private opened(sealed: string, label: string): ResolvedAddress {
    const address = this.box.open(sealed);
    return address === null
      ? { refused: `refused: the ${label} destination can no longer be read (SECRETS_KEY changed); add it again` }
      : { address };
  }
}
