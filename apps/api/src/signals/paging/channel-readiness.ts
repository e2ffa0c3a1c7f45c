import { Inject, Injectable } from '@nestjs/common';
import type { ChannelReadiness } from '@tocsin/contracts';
import type { ChannelRouter, DevMailbox } from '@tocsin/platform';
import { CHANNELS, DEV_MAILBOX } from '../../runtime/ports';

/**
 * Which channel kinds page somewhere real: `dev` is the adapter standing for no provider (libs/platform
 * channels-for.ts). Said out loud on the ops page and on each alert's pending notifications.
 */
@Injectable()
export class ChannelReadinessReport {
  constructor(
    @Inject(CHANNELS) private readonly channels: ChannelRouter,
    @Inject(DEV_MAILBOX) private readonly mailbox: DevMailbox | null,
  ) {}

  all(): ChannelReadiness[] {
    return Object.keys(this.channels.adapters).map((kind) => this.of(kind));
  }

  of(kind: string): ChannelReadiness {
    const adapter = Object.hasOwn(this.channels.adapters, kind)
      ? this.channels.adapters[kind as keyof ChannelRouter['adapters']]
      : 'none';
    const configured = adapter !== 'dev' && adapter !== 'none';
    const message = configured
      ? null
      : this.mailbox
        ? 'no provider configured: its pages are kept in the dev mailbox and reach nobody'
        : "no provider configured: its pages fail and paging moves on to the person's next method";
    return { kind, adapter, configured, message };
  }
}
