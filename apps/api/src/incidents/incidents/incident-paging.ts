import { Inject, Injectable } from '@nestjs/common';
import {
  alertIdFor,
  alertStreamFor,
  incidentReference,
  incidentStream,
  type IncidentEvent,
  type IncidentPageRequest,
  type TriggerAlert,
} from '@tocsin/domain';
import { escalationPoliciesView, policySnapshot, type EscalationPolicyDoc } from '@tocsin/read-models';
import { alertCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { EVENT_STORE, LOGGER, READ_STORE, type EventStore, type Logger, type ReadStore } from '../../runtime/ports';
import { currentState, deterministicId } from '../../shared/event-sourced';
import type { RequestContext } from '../../shared/request-context';
import { IncidentsService, invalidField } from './incidents.service';

/** The dedup key of an incident's page: one alert per incident and team, so a retried declaration pages once. */
const pageKey = (teamId: string) => `incident-page/${teamId}`;

/** What the room shows when the page asked for with a declaration did not go out (never the internal error). */
export const PAGE_POLICY_GONE = "the team's escalation policy was deleted before the page went out";
export const PAGE_NOT_SENT = 'the page could not be sent; page the team again from its escalation policy';

/** The incident a page is for, as its declaration says (no view is read: the page must not wait for one). */
export interface PagedIncident {
  incidentId: string;
  number: number;
  name: string;
  at: string;
}

/**
 * Paging a team for an incident goes through the paging engine as any alert does: an alert of the incident's own
 * (the incident stands as its source, as a heartbeat does for its misses), routed straight to the team's policy
 * (no team rule can drop a page someone asked for), its escalation copied at trigger. Acknowledging it is
 * acknowledging the page; the incident and the alert name each other.
 */
@Injectable()
export class IncidentPaging {
  /** The pages this process is trying now, by incident and team (a second try waits for the first). */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** The declarations this process is making with a page to follow (see `hold`). */
  private readonly held = new Map<string, Promise<void>>();

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly commands: Commands,
    private readonly incidents: IncidentsService,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The policy a page goes through (400 with the field's message when the team or policy does not fit). */
  async policyFor(orgId: string, teamId: string, policyId: string | undefined): Promise<EscalationPolicyDoc> {
    if (policyId) {
      const policy = await escalationPoliciesView.find(this.store, orgId, policyId);
      if (!policy || policy.teamId !== teamId)
        throw invalidField(
          'page.escalation_policy_id',
          'page.escalation_policy_id must be an escalation policy of the paged team',
        );
      return policy;
    }
    const [first] = await escalationPoliciesView.ofTeam(this.store, orgId, teamId);
    if (!first)
      throw invalidField('page.team_id', 'page.team_id must be a team of this organization with an escalation policy');
    return first;
  }

  /**
   * Pages the team a declaration asked for, once the incident stands. The declaration is what the request
   * answers for: a page that cannot go out is recorded on the incident (the room shows why) and never turns the
   * declared incident into an error a client would retry, declaring it twice. Every step is keyed by the
   * incident and the team, so a repeat (a retried request under the same Idempotency-Key) pages once.
   */
  pageDeclared(incident: PagedIncident, request: IncidentPageRequest, context: RequestContext): Promise<void> {
    const key = `${incident.incidentId}/${request.teamId}`;
    const running = this.inFlight.get(key) ?? this.tryPage(incident, request, context);
    this.inFlight.set(key, running);
    return running.finally(() => {
      if (this.inFlight.get(key) === running) this.inFlight.delete(key);
    });
  }

  /**
   * Says that this process is about to declare an incident and page `teamId` for it, until the returned release
   * is called: the pages reactor, seeing the declaration first, waits for this process's own attempt.
   */
  hold(incidentId: string, teamId: string): () => void {
    const key = `${incidentId}/${teamId}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    this.held.set(key, held);
    return () => {
      if (this.held.get(key) === held) this.held.delete(key);
      release();
    };
  }

  /**
   * Whether the page of `teamId` for an incident was tried to the end: recorded as paged or as failed on the
   * incident, once any attempt this process is making has finished (the pages reactor asks before it tries).
   */
  async tried(incidentId: string, teamId: string): Promise<boolean> {
    const key = `${incidentId}/${teamId}`;
    await this.held.get(key);
    await this.inFlight.get(key)?.catch(() => undefined);
    return currentState(this.events, incidentStream(incidentId), {
      initial: () => false,
      evolve: (tried: boolean, event: IncidentEvent) =>
        tried ||
        ((event.type === 'IncidentTeamPaged' || event.type === 'IncidentTeamPageFailed') &&
          event.data.teamId === teamId),
    });
  }

  private async tryPage(incident: PagedIncident, request: IncidentPageRequest, context: RequestContext) {
    const { incidentId, at } = incident;
    const { teamId, escalationPolicyId } = request;
    const step = (name: string) => ({
      ...context,
      commandId: deterministicId(`${incidentId}/${name}/${teamId}`),
    });
    const record = { incidentId, by: context.actorId, at, teamId, escalationPolicyId };
    try {
      // read again: the policy may have been deleted (or moved to another team) since the request was checked
      const policy = await escalationPoliciesView.find(this.store, context.orgId, escalationPolicyId);
      if (!policy || policy.teamId !== teamId) {
        await this.incidents.run(
          { ...record, type: 'RecordIncidentTeamPageFailed', reason: PAGE_POLICY_GONE },
          step('incident-page-failed'),
        );
        return;
      }
      const alertId = await this.page(incident, policy, step('incident-page'));
      await this.incidents.run({ ...record, type: 'RecordIncidentTeamPaged', alertId }, step('incident-paged'));
    } catch (error) {
      this.logger.error({ err: error, incident: incidentId, team: teamId }, 'incidents: could not page a team');
      await this.incidents
        .run({ ...record, type: 'RecordIncidentTeamPageFailed', reason: PAGE_NOT_SENT }, step('incident-page-failed'))
        .catch((cause: unknown) =>
          this.logger.error({ err: cause, incident: incidentId }, 'incidents: could not record a failed page'),
        );
    }
  }

  /** Triggers the incident's alert for the policy's team under `context` (its command id keys the page). */
  private async page(incident: PagedIncident, policy: EscalationPolicyDoc, context: RequestContext): Promise<string> {
    const key = pageKey(policy.teamId);
    const reference = incidentReference(incident.number);
    const command: TriggerAlert = {
      type: 'TriggerAlert',
      alertId: alertIdFor(incident.incidentId, key),
      orgId: context.orgId,
      sourceId: incident.incidentId,
      dedupKey: key,
      at: incident.at,
      summary: `${reference}: ${incident.name}`,
      priority: 'HIGH',
      labels: { incident: reference, incident_id: incident.incidentId },
      links: [],
      routing: { kind: 'default', teamId: policy.teamId, escalationPolicyId: policy._id, priority: 'HIGH' },
      policy: policySnapshot(policy),
    };
    await this.commands.run(alertCommand(alertStreamFor(incident.incidentId, key), command, context));
    return command.alertId;
  }
}
