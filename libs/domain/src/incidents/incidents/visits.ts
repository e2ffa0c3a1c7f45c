/**
 * Where one person last looked at one incident ("changes since you last looked"): a stream per person and
 * incident, so a visit never shows in the incident's own timeline. The position only moves forwards.
 */
export type IncidentVisited = {
  type: 'IncidentVisited';
  data: { incidentId: string; userId: string; position: number };
};
export type RecordIncidentVisit = {
  type: 'RecordIncidentVisit';
  incidentId: string;
  userId: string;
  position: number;
};
export interface IncidentVisitState {
  position: number | null;
}

export const incidentVisitStream = (incidentId: string, userId: string) => `incident-visit-${incidentId}-${userId}`;
export const initialIncidentVisit = (): IncidentVisitState => ({ position: null });
export const evolveIncidentVisit = (_: IncidentVisitState, event: IncidentVisited): IncidentVisitState => ({
  position: event.data.position,
});

export function decideIncidentVisit(command: RecordIncidentVisit, state: IncidentVisitState): IncidentVisited[] {
  if (state.position !== null && command.position <= state.position) return [];
  const { incidentId, userId, position } = command;
  return [{ type: 'IncidentVisited', data: { incidentId, userId, position } }];
}
