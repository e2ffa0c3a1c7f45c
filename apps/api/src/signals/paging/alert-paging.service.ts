import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AlertPeople,
  AlertRespondersResponse,
  AlertTimelineEntry,
  AlertTimelineResponse,
} from '@tocsin/contracts';
import { localTimeIn, maskedPageAddress, type AlertActor, type AlertCommand } from '@tocsin/domain';
import {
  alertTimelineView,
  handoffNotificationSettingsView,
  membershipsView,
  usersView,
  type AlertTimelineDoc,
} from '@tocsin/read-models';
import { alertCommand } from '../../commands/aggregates';
import { Commands } from '../../commands/commands';
import { CLOCK, READ_STORE, type Clock, type ReadStore } from '../../runtime/ports';
import type { RequestContext } from '../../shared/request-context';
import { presentPolicyCopy } from '../alerts/policy-copy';
import { heldPermissions } from '../../access/held-permissions';

const NOT_FOUND = { error: 'not_found', message: 'Alert not found' };

/** Who reads a timeline: the person a page went to, and whoever manages the organization's people, see where. */
export interface TimelineReader {
  userId: string | null;
  seesEveryAddress: boolean;
}

export const timelineReaderOf = (context: Pick<RequestContext, 'actorId' | 'role' | 'scopes'>): TimelineReader => ({
  userId: context.actorId,
  seesEveryAddress: heldPermissions(context).includes('manage_users'),
});

/**
 * The entries as `reader` may read them: a page's phone number or address is personal data, shown to the person
 * paged and to those who manage the organization (`manage_users`); anyone else reads a label (`maskedPageAddress`).
 */
export function presentTimeline(docs: AlertTimelineDoc[], reader: TimelineReader): AlertTimelineEntry[] {
  return docs.map((doc) => {
    const { _id, orgId: _org, stream: _stream, position: _position, alertId, ...entry } = doc;
    const shown = (
      entry.kind === 'triggered'
        ? { id: _id, alert_id: alertId, ...entry, policy: presentPolicyCopy(entry.policy) }
        : { id: _id, alert_id: alertId, ...entry }
    ) as AlertTimelineEntry;
    if (shown.kind !== 'notification_attempted' || reader.seesEveryAddress || reader.userId === shown.userId)
      return shown;
    return { ...shown, address: maskedPageAddress(shown.channel, shown.address) };
  });
}

/** Every person a timeline entry names: who acted, who was paged, unreachable or handed the alert, the policy's people. */
export function mentionedIn(docs: readonly AlertTimelineDoc[]): string[] {
  const ids = new Set<string>();
  for (const doc of docs) {
    const { by, userId } = doc as { by?: AlertActor; userId?: unknown };
    if (by?.kind === 'user') ids.add(by.userId);
    if (typeof userId === 'string') ids.add(userId);
    if (doc.kind === 'on_call_resolved') for (const id of doc.userIds) ids.add(id);
    if (doc.kind === 'triggered')
      for (const step of doc.policy?.steps ?? [])
        for (const target of step.targets) if (target.type === 'user') ids.add(target.id);
  }
  ids.delete('');
  return [...ids];
}

/** Commands on an alert named by its id, in the caller's organization, and its timeline. */
@Injectable()
export class AlertPaging {
  constructor(
    private readonly commands: Commands,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The alert's stream, or 404 for an unknown id or another organization's alert. */
  async streamOf(orgId: string, alertId: string): Promise<string> {
    const first = await alertTimelineView.firstOf(this.readStore, orgId, alertId);
    if (!first) throw new NotFoundException(NOT_FOUND);
    return first.stream;
  }

  /** Runs `command` on the alert's stream; returns once the timeline shows it. */
  async run(stream: string, command: AlertCommand, context: RequestContext): Promise<void> {
    await this.commands.run(alertCommand(stream, command, context), alertTimelineView.name);
  }

  /** The timeline of the caller's organization's alert as the caller may read it, with the people it mentions. */
  async timeline(context: RequestContext, alertId: string): Promise<AlertTimelineResponse> {
    const docs = await alertTimelineView.ofAlert(this.readStore, context.orgId, alertId);
    if (docs.length === 0) throw new NotFoundException(NOT_FOUND);
    const data = presentTimeline(docs, timelineReaderOf(context));
    return { data, people: await this.people(context.orgId, mentionedIn(docs)) };
  }

  /**
   * Display names of the given users who are members of `orgId` (the name, else the email), so every role can
   * read who acted without listing users. Anyone else, another organization's user above all, is left out:
   * an id a timeline holds names nobody outside the organization.
   */
  async people(orgId: string, userIds: readonly string[]): Promise<AlertPeople> {
    if (userIds.length === 0) return {};
    const members = await membershipsView.find(this.readStore, { orgId, userId: { $in: [...userIds] } });
    const users = await usersView.byIds(
      this.readStore,
      members.map((m) => m.userId),
    );
    return Object.fromEntries(users.map((user) => [user._id, { name: user.name || user.email }]));
  }

  /**
   * The people the current episode paged (and whoever it was reassigned to), first paged first, each with the
   * time where they are: their zone is the one of their working hours (handoff notification settings) until
   * profiles carry one.
   */
  async responders(orgId: string, alertId: string): Promise<AlertRespondersResponse> {
    const docs = await alertTimelineView.ofAlert(this.readStore, orgId, alertId);
    if (docs.length === 0) throw new NotFoundException(NOT_FOUND);
    const episode = Math.max(...docs.map((d) => d.episode));
    const pagedAt = new Map<string, string>();
    for (const doc of docs) {
      if (doc.episode !== episode) continue;
      const userId = doc.kind === 'notification_attempted' || doc.kind === 'reassigned' ? doc.userId : null;
      if (userId && !pagedAt.has(userId)) pagedAt.set(userId, doc.at);
    }
    const people = await this.people(orgId, [...pagedAt.keys()]);
    const now = this.clock.now();
    const answer: AlertRespondersResponse['data'] = [];
    for (const [userId, at] of pagedAt) {
      const [hours] = await handoffNotificationSettingsView.ofUser(this.readStore, orgId, userId);
      const zone = hours?.time_zone ?? null;
      const local = zone ? localTimeIn(zone, now) : null;
      answer.push({
        user_id: userId,
        name: people[userId]?.name ?? null,
        paged_at: at,
        time_zone: zone,
        local_time: local?.local ?? null,
        utc_offset: local?.utcOffset ?? null,
      });
    }
    return { data: answer, people };
  }
}
