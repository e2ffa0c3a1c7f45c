import type { RetrospectiveInput } from '@tocsin/domain';

/** An incident's retrospective input as the incidents area will hand it over (shared by the document and PDF tests). */
export const retrospectiveInput = (extra: Partial<RetrospectiveInput> = {}): RetrospectiveInput => ({
  incident: { name: 'Checkout is down', severity: 'SEV1', summary: 'Payments failed for 40 minutes.' },
  status: 'in_review',
  milestones: [
    { name: 'Started', at: '2026-11-27T10:00:00.000Z' },
    { name: 'Detected', at: '2026-11-27T10:04:00.000Z' },
    { name: 'Resolved', at: '2026-11-27T10:40:00.000Z' },
    { name: 'Closed', at: null },
  ],
  durations: [
    { name: 'Time to detect (MTTD)', ms: 4 * 60_000 },
    { name: 'Time to resolve (MTTR)', ms: 40 * 60_000 },
    { name: 'Time to mitigate (MTTM)', ms: null },
  ],
  starredEntries: [{ at: '2026-11-27T10:12:00.000Z', actor: 'Ada Lovelace', text: 'Rolled back release 42' }],
  roles: [
    { role: 'Commander', person: 'Ada Lovelace' },
    { role: 'Communications', person: null },
  ],
  followUps: [{ title: 'Add a canary stage', owner: 'Grace Hopper', due: '2026-12-15', status: 'open' }],
  contributingFactors: ['No canary for the payments service'],
  answers: [{ questionId: 's1q1', answer: 'A bad deploy of the payments service.' }],
  ...extra,
});
