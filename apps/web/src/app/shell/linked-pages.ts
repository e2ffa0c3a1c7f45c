import type { Role } from '@tocsin/domain';
import type { NavItem } from './navigation';

const ALL: readonly Role[] = ['viewer', 'collaborator', 'member', 'owner'];
const MEMBERS: readonly Role[] = ['member', 'owner'];

/**
 * Pages reached from elsewhere than the main navigation (menus, links, redirects), gated like the
 * navigation (SPEC.md section 2, main app route table). "For owner/member or flag rbacCandidateControl"
 * is `roles: MEMBERS`: the role check steps aside under that flag, the permission stays.
 */
export const LINKED_PAGES: readonly NavItem[] = [
  { title: 'Organization Settings', to: '/account/organization_settings', roles: ALL, hiddenForStaff: true },
  { title: 'Team', to: '/settings/teams/:teamId/overview', roles: ALL, permission: 'read_teams' },
  { title: 'Team', to: '/settings/teams/:teamId', roles: ALL, permission: 'read_teams' },
  { title: 'New Team', to: '/settings/teams/new', roles: MEMBERS, permission: 'manage_teams' },
  { title: 'Edit Team', to: '/settings/teams/:teamId/edit', roles: MEMBERS, permission: 'manage_teams', teamParam: 'teamId' },
  { title: 'New Alert Rule', to: '/settings/teams/:teamId/rules/new', roles: MEMBERS, permission: 'manage_alert_rules', flag: 'signals' },
  { title: 'Edit Alert Rule', to: '/settings/teams/:teamId/rules/:ruleId/edit', roles: MEMBERS, permission: 'manage_alert_rules', flag: 'signals' },
  { title: 'New Escalation Policy', to: '/settings/teams/:teamId/escalation_policies/new', roles: MEMBERS, permission: 'manage_escalation_policies', flag: 'signals' },
  {
    title: 'Edit Escalation Policy',
    to: '/settings/teams/:teamId/escalation_policies/:policyId/edit',
    roles: MEMBERS,
    permission: 'manage_escalation_policies',
    flag: 'signals',
  },
  // "With flag signals: settings/teams/{id}/*": the team's other pages (alert rules, escalation policies, schedules)
  { title: 'Team', to: '/settings/teams/:teamId/*', roles: ALL, permission: 'read_teams', flag: 'signals' },
  { title: 'New Heartbeat', to: '/signals/sources/heartbeats/new', roles: MEMBERS, permission: 'manage_event_sources', flag: 'signals' },
  // "incidents/* (read_incidents)": one incident and the pages below it (placeholders until built)
  { title: 'Incident', to: '/incidents/:incidentId/*', roles: ALL, permission: 'read_incidents' },
  { title: 'Invite Users', to: '/settings/invitations/new', roles: ['owner'], permission: 'manage_users' },
  { title: 'Edit User', to: '/settings/users/:userId/edit', roles: ['owner'], permission: 'manage_users' },
];
