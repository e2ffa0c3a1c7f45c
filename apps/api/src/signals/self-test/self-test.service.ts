import { Inject, Injectable } from '@nestjs/common';
import { ViewNames, type SelfTestRequest, type SelfTestResponse } from '@tocsin/contracts';
import {
  selfTestAddressHint,
  selfTestDestinationProblem,
  selfTestHeartbeatProblem,
  type SealedAddress,
} from '@tocsin/domain';
import { egressRefusal } from '@tocsin/platform';
import { selfTestsView } from '@tocsin/read-models';
import { selfTestCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../../runtime/ports';
import type { RequestContext } from '../../shared/request-context';
import { SecretBox } from '../event-sources/secret-box';
import { SELF_TEST_STATUS, type SelfTestStatusDoc } from './self-test-record';
import { SelfTestRounds } from './self-test-rounds';

type Checked = { address: SealedAddress | null; problem: string | null };

/**
 * The self-test's settings and reads. The service looks at the addresses (their shape, what the egress guard says
 * of the URLs Tocsin would call, sealing them), the decider rules; the rounds are chained from the new settings.
 */
@Injectable()
export class SelfTestService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
    private readonly box: SecretBox,
    private readonly rounds: SelfTestRounds,
  ) {}

  async show(orgId: string): Promise<SelfTestResponse> {
    const settings = await selfTestsView.ofOrg(this.store, orgId);
    const status = await this.store.findOne<SelfTestStatusDoc>(SELF_TEST_STATUS, { _id: orgId });
    return {
      data: {
        settings: settings && {
          enabled: settings.enabled,
          interval: settings.interval,
          channel: settings.channel,
          destination_hint: settings.destination.hint,
          heartbeat_url_hint: settings.heartbeatUrl?.hint ?? null,
          updated_at: settings.updated_at,
        },
        last_success: status?.lastSuccess ?? null,
        last_failure: status?.lastFailure ?? null,
        rounds: status?.rounds ?? [],
      },
    };
  }

  /** The addresses are shown as hints only: one left out keeps what is set (the destination, for the same channel). */
  async configure(body: SelfTestRequest, context: RequestContext): Promise<void> {
    const current = await selfTestsView.ofOrg(this.store, context.orgId);
    const destination: Checked =
      body.destination === undefined && current && current.channel === body.channel
        ? { address: current.destination, problem: null }
        : await this.destination(body);
    const heartbeat: Checked =
      body.heartbeat_url === undefined
        ? { address: current?.heartbeatUrl ?? null, problem: null }
        : await this.heartbeat(body.heartbeat_url || null);
    const { enabled, interval, channel } = body;
    await this.commands.run(
      selfTestCommand(
        {
          type: 'ConfigureSelfTest',
          enabled,
          interval,
          channel,
          destination: destination.address,
          destinationProblem: destination.problem,
          heartbeatUrl: heartbeat.address,
          heartbeatProblem: heartbeat.problem,
        },
        context,
      ),
      ViewNames.selfTests,
    );
    await this.rounds.schedule({ enabled, interval, orgId: context.orgId }, this.clock.now());
  }

  private async destination({ channel, destination }: SelfTestRequest): Promise<Checked> {
    const problem =
      selfTestDestinationProblem(channel, destination, this.config.NODE_ENV === 'production') ??
      (channel === 'email' ? null : await this.guarded('destination', destination!));
    if (problem) return { address: null, problem };
    return { address: this.sealed(selfTestAddressHint(channel, destination!), destination!), problem: null };
  }

  /** An outside monitor's URL: http is its owner's choice, like any monitoring ping. */
  private async heartbeat(url: string | null): Promise<Checked> {
    if (!url) return { address: null, problem: null };
    const problem = selfTestHeartbeatProblem(url, false) ?? (await this.guarded('heartbeat_url', url));
    if (problem) return { address: null, problem };
    return { address: this.sealed(selfTestAddressHint('heartbeat', url), url), problem: null };
  }

  /** What the egress guard says of a URL Tocsin would call, before it is kept. */
  private async guarded(field: string, url: string): Promise<string | null> {
    const refusal = await egressRefusal(url, { allowPrivate: this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES });
    return refusal && `${field} cannot be called: ${refusal}`;
  }

  private sealed(hint: string, value: string): SealedAddress {
    return { sealed: this.box.seal(value), hint };
  }
}
