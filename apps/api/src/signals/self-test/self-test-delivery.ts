import { Inject, Injectable } from '@nestjs/common';
import type { SelfTestRound } from '@tocsin/contracts';
import { parseDuration } from '@tocsin/domain';
import { egress, failed, type Channels, type DeliveryResult } from '@tocsin/platform';
import type { SelfTestDoc } from '@tocsin/read-models';
import { CHANNELS, CONFIG, type AppConfig } from '../../runtime/ports';
import { PublicUrl } from '../../shared/public-url';
import { SecretBox } from '../event-sources/secret-box';
import { ChannelReadinessReport } from '../paging/channel-readiness';

/** The heartbeat is a short call: an outside monitor answers at once or is itself in trouble. */
const HEARTBEAT_TIMEOUT_MS = 5_000;

export const intervalMs = (doc: Pick<SelfTestDoc, 'interval'>) => (parseDuration(doc.interval) ?? 60) * 1000;

/** A round's two calls out: the synthetic page through the real channel adapter, then the outside heartbeat. */
@Injectable()
export class SelfTestDelivery {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CHANNELS) private readonly channels: Channels,
    private readonly readiness: ChannelReadinessReport,
    private readonly box: SecretBox,
    private readonly publicUrl: PublicUrl,
  ) {}

  /**
   * The provider's word on the page (`Channels.send`, as pages go), or a failure when it gave none within the
   * interval, or when the channel has no provider (the dev mailbox reaches nobody).
   */
  async page(settings: SelfTestDoc, at: number): Promise<DeliveryResult> {
    const readiness = this.readiness.of(settings.channel);
    if (!readiness.configured) return failed(false, `${settings.channel}: ${readiness.message}`);
    const address = this.box.open(settings.destination.sealed);
    if (address === null)
      return failed(false, 'the destination can no longer be read (SECRETS_KEY changed): set it again');
    const ops = `${this.publicUrl.base}/ops`;
    const sent = this.channels.send(settings.channel, address, {
      alertId: `self-test-${at}`,
      episode: 1,
      attemptId: `self-test/${settings.orgId}/${at}`,
      orgName: 'Tocsin self-test',
      summary: `Tocsin self-test round of ${new Date(at).toISOString()}: nothing to do, this destination is the test's`,
      priority: 'LOW',
      labels: { tocsin: 'self-test' },
      alertUrl: ops,
      acknowledgeUrl: ops,
      resolveUrl: ops,
      shortCode: 'TEST',
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<DeliveryResult>((resolve) => {
      const answer = `no answer from the provider within ${settings.interval}`;
      timer = setTimeout(() => resolve(failed(true, answer)), intervalMs(settings));
    });
    try {
      return await Promise.race([sent, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** GET the heartbeat URL through the egress guard; its answer is recorded, never judged (the outside does). */
  async heartbeat(settings: SelfTestDoc): Promise<SelfTestRound['heartbeat']> {
    if (!settings.heartbeatUrl) return { called: false, status: null, error: null };
    const url = this.box.open(settings.heartbeatUrl.sealed);
    if (url === null) return { called: false, status: null, error: 'the heartbeat URL can no longer be read' };
    const options = {
      allowPrivate: this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES,
      timeoutMs: Math.min(this.config.CHANNEL_TIMEOUT_MS, HEARTBEAT_TIMEOUT_MS),
      maxResponseBytes: 1024,
    };
    try {
      const response = await egress({ url, method: 'GET' }, options);
      return { called: true, status: response.status, error: null };
    } catch (error) {
      return { called: true, status: null, error: (error as Error).message };
    }
  }
}
