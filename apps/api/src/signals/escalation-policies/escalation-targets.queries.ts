import { Inject, Injectable } from '@nestjs/common';
import type { EscalationTargetOption, EscalationTargetsResponse } from '@tocsin/contracts';
import { membershipsView, onCallSchedulesView, teamsView, usersView } from '@tocsin/read-models';
import { READ_STORE, type ReadStore } from '../../runtime/ports';

export interface EscalationTargetsPage {
  query: string;
  page: number;
  perPage: number;
}

const byName = (a: EscalationTargetOption, b: EscalationTargetOption) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Who a step may page, for whoever edits the team's policies: every member, team and on-call schedule of the
 * caller's organization, by name only (the users list needs read_users, and emails and phones are not the editor's).
 */
@Injectable()
export class EscalationTargetsQueries {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  async page(orgId: string, { query, page, perPage }: EscalationTargetsPage): Promise<EscalationTargetsResponse> {
    const memberships = await membershipsView.inOrganization(this.store, orgId);
    const users = await usersView.byIds(
      this.store,
      memberships.map((m) => m.userId),
    );
    const teams = await teamsView.find(this.store, { orgId });
    const schedules = await onCallSchedulesView.ofOrganization(this.store, orgId);
    // plain text, never a pattern: whatever is typed is only looked for in names
    const needle = query.trim().toLowerCase();
    const matches = (name: string) => needle === '' || name.toLowerCase().includes(needle);
    const people = users
      .filter((u) => matches(u.name))
      .map((u): EscalationTargetOption => ({ type: 'user', id: u._id, name: u.name }));
    const wholeTeams = teams
      .filter((t) => matches(t.name))
      .map((t): EscalationTargetOption => ({ type: 'team', id: t._id, name: t.name }));
    const onCall = schedules
      .filter((d) => matches(d.name))
      .map((d): EscalationTargetOption => ({ type: 'schedule', id: d._id, name: d.name }));
    const all = [...people.sort(byName), ...wholeTeams.sort(byName), ...onCall.sort(byName)];
    return {
      data: all.slice((page - 1) * perPage, page * perPage),
      pagination: {
        page,
        per_page: perPage,
        total: all.length,
        total_pages: Math.max(1, Math.ceil(all.length / perPage)),
      },
    };
  }
}
