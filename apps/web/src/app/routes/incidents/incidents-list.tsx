export { IncidentsPage as IncidentsRoute } from '@/features/incidents/incidents/components/incidents-page';
export { IncidentTasksPage as IncidentTasksRoute } from '@/features/incidents/incidents/components/incident-tasks-page';
export { FollowUpsPage as FollowUpsRoute } from '@/features/incidents/incidents/components/follow-ups-page';
