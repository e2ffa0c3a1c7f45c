import { Injectable } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  patternsOf,
  routeAlertSteps,
  type AlertContent,
  type EscalationPolicySnapshot,
  type RoutableAlert,
  type RoutingDecision,
} from '@tocsin/domain';
import type { EventSourceDoc } from '@tocsin/read-models';
import { RoutingLookup } from './routing-lookup';

/** What routes its alerts like an event source: an event source, a heartbeat (its id stands as the alerts' source). */
export type RoutedResource = Pick<EventSourceDoc, '_id' | 'orgId' | 'teamId' | 'escalationPolicyId'>;

export type Route = (content: AlertContent) => Promise<{
  routing: RoutingDecision;
  policy: EscalationPolicySnapshot | null;
}>;

/**
 * Routing at trigger (ARCHITECTURE.md "Signals"): the source's team rules, in order, then the source's default;
 * the policy the decision names is copied as it is now. A policy deleted since a rule named it leaves the
 * alert without one (the alert still triggers: an accepted alert is never dropped for it); a source whose
 * default team or policy is gone routes by the default decision with no policy.
 */
@Injectable()
export class RoutingService {
  constructor(private readonly lookup: RoutingLookup) {}

  /** A router for one payload: the rules are read once and each policy once, however many alerts it holds. */
  async routerFor(source: RoutedResource): Promise<Route> {
    // a team deleted under its sources (before deleting was refused for them, or as the views lagged): its rules
    // are gone with it, and the alert still triggers, on the default decision without a policy
    const teamFound = await this.lookup.teamExists(source.orgId, source.teamId);
    const rules = teamFound ? await this.lookup.rulesOf(source.orgId, source.teamId) : [];
    const fallback = { teamId: source.teamId, escalationPolicyId: teamFound ? source.escalationPolicyId : null };
    const policies = new Map<string, Promise<EscalationPolicySnapshot | null>>();
    const policy = (id: string) => {
      let found = policies.get(id);
      if (!found) policies.set(id, (found = this.lookup.policy(source.orgId, id)));
      return found;
    };
    const patterns = patternsOf(source.orgId);
    const decide = async (alert: RoutableAlert): Promise<RoutingDecision> => {
      // each pattern is bounded to a few milliseconds; between them the process takes up other work, so a team
      // with many patterns slows its own alerts, not another organization's ingest and paging
      const steps = routeAlertSteps(rules, alert, fallback, patterns);
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) return step.value;
        await nextTurn();
      }
    };
    return async (content) => {
      const routing = await decide({
        sourceId: source._id,
        summary: content.summary,
        priority: content.priority,
        labels: content.labels,
      });
      if (routing.kind === 'drop' || !routing.escalationPolicyId) return { routing, policy: null };
      const found = await policy(routing.escalationPolicyId);
      // the source's default policy is gone: the decision says so (no policy) rather than name a deleted one
      if (!found && routing.kind === 'default')
        return { routing: { ...routing, escalationPolicyId: null }, policy: null };
      return { routing, policy: found };
    };
  }
}
