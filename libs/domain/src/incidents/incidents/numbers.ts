import { DomainError } from '../../shared/event';

/**
 * An organization's incident numbers ("INC-12"): one stream per organization, so two declarations at once are
 * decided one after the other on its expected revision and never share a number. An incident asking again (a
 * retried request) keeps the number it had.
 */
export type IncidentNumberAllocated = {
  type: 'IncidentNumberAllocated';
  data: { orgId: string; incidentId: string; number: number };
};
export type AllocateIncidentNumber = { type: 'AllocateIncidentNumber'; orgId: string; incidentId: string };

export interface IncidentNumbersState {
  last: number;
  byIncident: Record<string, number>;
}

export const incidentNumbersStream = (orgId: string) => `incident-numbers-${orgId}`;
export const initialIncidentNumbers = (): IncidentNumbersState => ({ last: 0, byIncident: {} });

export function evolveIncidentNumbers(
  state: IncidentNumbersState,
  event: IncidentNumberAllocated,
): IncidentNumbersState {
  const { incidentId, number } = event.data;
  return { last: Math.max(state.last, number), byIncident: { ...state.byIncident, [incidentId]: number } };
}

export function decideIncidentNumbers(
  command: AllocateIncidentNumber,
  state: IncidentNumbersState,
): IncidentNumberAllocated[] {
  if (!command.incidentId) throw new DomainError('An incident id is needed', 'invalid');
  if (Object.prototype.hasOwnProperty.call(state.byIncident, command.incidentId)) return [];
  const data = { orgId: command.orgId, incidentId: command.incidentId, number: state.last + 1 };
  return [{ type: 'IncidentNumberAllocated', data }];
}
