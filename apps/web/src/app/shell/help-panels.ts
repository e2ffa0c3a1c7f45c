import type { MeResponse } from '@tocsin/contracts';
import { LACKS_PERMISSIONS_TOOLTIP, type Permission, type QuotaName, type Role, type Tier } from '@tocsin/domain';
import { canOpen } from './nav-access';

type Me = MeResponse['data'];

/** What the panel's button leads to; `permission` marks an add action limited to owners and members. */
export interface HelpPanelAction {
  label: string;
  to: string;
  permission?: Permission;
  /** Counted by the tier: once the quota is used up, the button opens the limit modal instead. */
  quota?: QuotaName;
}

/** SPEC.md section 2, "Empty-state help panels": one per page. */
export interface HelpPanel {
  path: string;
  title: string;
  text: string;
  /** The help center article, appended to the installation's help center address. */
  helpTopic: string;
  action: HelpPanelAction;
  /** Shown only to these roles on this tier (the incidents-impacts analytics page). */
  audience?: { tier: Tier; roles: readonly Role[] };
}

const ADDERS: readonly Role[] = ['member', 'owner'];

export const HELP_PANELS: readonly HelpPanel[] = [
  {
    path: '/runbooks',
    title: 'Automate your incident response with Runbooks',
    text: 'Runbooks run the steps your team repeats in every incident: create a channel, page the right people, post status updates. Attach them to incidents by condition so nobody has to remember.',
    helpTopic: 'runbooks',
    action: { label: 'Add Runbook', to: '/runbooks/new', permission: 'manage_runbooks', quota: 'runbooks' },
  },
  {
    path: '/catalog/services',
    title: 'Catalog the services you run',
    text: 'Services tie incidents, alerts and ownership together. Add the services your teams operate so responders know who owns what and what is affected.',
    helpTopic: 'service-catalog/services',
    action: { label: 'Add Service', to: '/services/new', permission: 'manage_service_catalog' },
  },
  {
    path: '/catalog/functionalities',
    title: 'Describe what your customers rely on',
    text: 'Functionalities are the capabilities your customers see, such as checkout or login, built on your services. Impact them in an incident to show what is really broken.',
    helpTopic: 'service-catalog/functionalities',
    action: { label: 'Add Functionality', to: '/functionalities/new', permission: 'manage_service_catalog' },
  },
  {
    path: '/catalog/environments',
    title: 'Separate production from the rest',
    text: 'Environments say where an incident happens, such as production or staging, so you can filter, report and automate by environment.',
    helpTopic: 'service-catalog/environments',
    action: { label: 'Add Environment', to: '/environments/new', permission: 'manage_service_catalog' },
  },
  {
    path: '/status_pages',
    title: 'Keep your customers informed',
    text: 'Status pages publish incident updates to your customers and stakeholders as you post them, so support does not have to answer the same question twice.',
    helpTopic: 'status-pages',
    action: { label: 'Add Status Page', to: '/status_pages/new', permission: 'manage_integrations' },
  },
  {
    path: '/analytics/mttx_analytics/services',
    title: 'Measure how your services recover',
    text: 'Service analytics show mean time to detect, acknowledge, mitigate and resolve for each service. They fill in as incidents impact services in your catalog.',
    helpTopic: 'analytics/services',
    action: { label: 'Go to Services', to: '/catalog/services' },
  },
  {
    path: '/analytics/incidents_impacts',
    title: 'See where incidents hurt',
    text: 'Impact statistics break incidents down by the services, functionalities and environments they affected, so you can see where reliability work pays off.',
    helpTopic: 'analytics/impact-statistics',
    action: { label: 'Go to Incidents', to: '/incidents' },
    audience: { tier: 'enterprise', roles: ['owner', 'member', 'collaborator'] },
  },
];

export function helpPanelFor(pathname: string): HelpPanel | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return HELP_PANELS.find((panel) => panel.path === path);
}

/**
 * SPEC.md section 2: the dismissal is remembered under a key built from the page's last path segment. Catalog
 * services and service analytics both end in `services`, so dismissing one dismisses the other.
 */
export const helpPanelStorageKey = (path: string): string =>
  `help_panel_dismissed:${path.split('/').filter(Boolean).pop() ?? ''}`;

/** Shown under the onboarding-headers flag, until dismissed, and only to its audience where it has one. */
export function isHelpPanelShown(panel: HelpPanel, me: Me, dismissed: boolean): boolean {
  if (dismissed || me.featureFlags['onboarding-headers'] !== true) return false;
  if (!panel.audience) return true;
  return me.organization.account.tier === panel.audience.tier && panel.audience.roles.includes(me.user.role);
}

/** SPEC.md section 6: the add buttons need owner or member (and the permission); others see them refused. */
export function actionRefusal(action: HelpPanelAction, me: Me): string | undefined {
  if (!action.permission) return undefined;
  return canOpen({ roles: ADDERS, permission: action.permission }, me) ? undefined : LACKS_PERMISSIONS_TOOLTIP;
}
