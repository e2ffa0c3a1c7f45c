import { Inject, Injectable } from '@nestjs/common';
import { ViewNames, type SelfTestRequest, type SelfTestResponse } from '@tocsin/contracts';
import {
  SELF_TEST_SOURCE_NAME,
  selfTestHeartbeatProblem,
  selfTestTokenHint,
  selfTestUrlHint,
  type SealedAddress,
} from '@tocsin/domain';
import { egressRefusal } from '@tocsin/platform';
import { eventSourcesView, selfTestsView, type SelfTestDoc } from '@tocsin/read-models';
import { eventSourceCommand, selfTestCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, CONFIG, READ_STORE, type AppConfig, type Clock, type ReadStore } from '../../runtime/ports';
import { deterministicId } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { issueIngestToken, tokenHashOf } from '../event-sources/ingest-token';
import { SecretBox } from '../event-sources/secret-box';
import { RoutingLookup } from '../ingest/routing-lookup';
import { SELF_TEST_STATUS, type SelfTestStatusDoc } from './self-test-record';
import { SelfTestRounds } from './self-test-rounds';

type Checked = { address: SealedAddress | null; problem: string | null };

/** The self-test's source as the settings will name it: kept, or to be made, or its token to be rotated. */
type SourcePlan = {
  sourceId: string;
  ingestToken: SealedAddress;
  /** What the event source's own commands must do once the settings are recorded. */
  then:
    { make: { tokenHash: string; tokenHint: string } } | { rotate: { tokenHash: string; tokenHint: string } } | null;
};

/**
 * The self-test's settings and reads. The self-test owns an event source per organization ("Tocsin self-test",
 * generic format), made and changed through the event sources' own commands, routed to the team and policy the
 * owners pick; its ingest token is kept sealed in the settings (the rounds post with it) and never shown. Turned
 * off, the source is kept (idle: nothing posts to it), so turning the self-test on again reuses it and its alerts
 * stay findable under one source.
 */
@Injectable()
export class SelfTestService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly commands: Commands,
    private readonly box: SecretBox,
    private readonly routing: RoutingLookup,
    private readonly rounds: SelfTestRounds,
  ) {}

  async show(orgId: string): Promise<SelfTestResponse> {
    const settings = await selfTestsView.ofOrg(this.store, orgId);
    const status = await this.store.findOne<SelfTestStatusDoc>(SELF_TEST_STATUS, { _id: orgId });
    const source = settings && (await eventSourcesView.find(this.store, orgId, settings.sourceId));
    return {
      data: {
        settings: settings && {
          enabled: settings.enabled,
          interval: settings.interval,
          team_id: settings.teamId,
          escalation_policy_id: settings.escalationPolicyId,
          source: source ? { id: source._id, name: source.name } : null,
          heartbeat_url_hint: settings.heartbeatUrl?.hint ?? null,
          updated_at: settings.updated_at,
        },
        last_success: status?.lastSuccess ?? null,
        last_failure: status?.lastFailure ?? null,
        rounds: status?.rounds ?? [],
      },
    };
  }

  /** The heartbeat URL is shown as a hint only: left out, it keeps what is set. */
  async configure(body: SelfTestRequest, context: RequestContext): Promise<void> {
    const { orgId } = context;
    const current = await selfTestsView.ofOrg(this.store, orgId);
    const heartbeat: Checked =
      body.heartbeat_url === undefined
        ? { address: current?.heartbeatUrl ?? null, problem: null }
        : await this.heartbeat(body.heartbeat_url || null);
    const found = await this.routing.defaultsFound(orgId, {
      team_id: typeof body.team_id === 'string' ? body.team_id : undefined,
      escalation_policy_id: typeof body.escalation_policy_id === 'string' ? body.escalation_policy_id : null,
    });
    const source = await this.sourcePlan(current, context);
    const { enabled, interval } = body;
    // the settings first: every field is judged there, so a refused request makes no source
    await this.commands.run(
      selfTestCommand(
        {
          type: 'ConfigureSelfTest',
          enabled,
          interval,
          teamId: body.team_id,
          escalationPolicyId: body.escalation_policy_id,
          ...found,
          sourceId: source.sourceId,
          ingestToken: source.ingestToken,
          heartbeatUrl: heartbeat.address,
          heartbeatProblem: heartbeat.problem,
        },
        context,
      ),
      ViewNames.selfTests,
    );
    await this.applySource(source, body, found, context);
    await this.rounds.schedule({ enabled, interval, orgId }, this.clock.now());
  }

  /**
   * The source the settings keep; a new one when there is none (or it was deleted); a new token when the one kept
   * no longer opens the source (unreadable after a change of SECRETS_KEY, or rotated from the source's page).
   */
  private async sourcePlan(current: SelfTestDoc | null, context: RequestContext): Promise<SourcePlan> {
    const kept = current && (await eventSourcesView.find(this.store, context.orgId, current.sourceId));
    if (current && kept) {
      const opened = this.box.open(current.ingestToken.sealed);
      if (opened !== null && tokenHashOf(opened) === kept.tokenHash)
        return { sourceId: current.sourceId, ingestToken: current.ingestToken, then: null };
      const { token, ...rotate } = issueIngestToken();
      return { sourceId: current.sourceId, ingestToken: this.sealedToken(token), then: { rotate } };
    }
    const { token, ...make } = issueIngestToken();
    const sourceId = deterministicId(`${context.commandId}/self-test-source`);
    return { sourceId, ingestToken: this.sealedToken(token), then: { make } };
  }

  /** Through the event sources' own commands, as an owner making or changing a source would. */
  private async applySource(
    plan: SourcePlan,
    body: SelfTestRequest,
    found: { teamFound: boolean; policyFound: boolean },
    context: RequestContext,
  ): Promise<void> {
    const routing = { teamId: body.team_id, escalationPolicyId: body.escalation_policy_id, ...found };
    const { sourceId, then } = plan;
    const run = (command: Parameters<typeof eventSourceCommand>[0]) =>
      this.commands.run(eventSourceCommand(command, context), eventSourcesView.name);
    if (then && 'make' in then) {
      await run({
        type: 'CreateEventSource',
        sourceId,
        format: 'generic',
        name: SELF_TEST_SOURCE_NAME,
        autoResolveMinutes: null,
        signingSecret: null,
        ...then.make,
        ...routing,
      });
      return;
    }
    if (then && 'rotate' in then) await run({ type: 'RotateEventSourceToken', sourceId, ...then.rotate });
    await run({ type: 'ChangeEventSource', sourceId, ...routing });
  }

  private sealedToken(token: string): SealedAddress {
    return { sealed: this.box.seal(token), hint: selfTestTokenHint(token) };
  }

  /** An outside monitor's URL: http is its owner's choice, like any monitoring ping. */
  private async heartbeat(url: string | null): Promise<Checked> {
    if (!url) return { address: null, problem: null };
    const problem = selfTestHeartbeatProblem(url, false) ?? (await this.guarded('heartbeat_url', url));
    if (problem) return { address: null, problem };
    return { address: { sealed: this.box.seal(url), hint: selfTestUrlHint(url) }, problem: null };
  }

  /** What the egress guard says of a URL Tocsin would call, before it is kept. */
  private async guarded(field: string, url: string): Promise<string | null> {
    const refusal = await egressRefusal(url, { allowPrivate: this.config.CHANNELS_ALLOW_PRIVATE_ADDRESSES });
    return refusal && `${field} cannot be called: ${refusal}`;
  }
}
