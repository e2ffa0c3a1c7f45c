import { LACKS_PERMISSIONS_TOOLTIP, permissionTooltip, type PermissionTooltipInput } from './permission-tooltips';

describe('permissionTooltip', () => {
  it.each<[string, PermissionTooltipInput, string]>([
    [
      'names the organization',
      { scope: 'organization', permission: 'manage_organization_notification_policies' },
      "The permission 'Manage organization notification policies' is required to perform this action on the organization. Contact your organization administrator for support.",
    ],
    [
      'names the team',
      { scope: 'team', permission: 'manage_alert_rules', teamName: 'Payments' },
      "The permission 'Manage alert rules' is required to perform this action on the team Payments. Contact your organization administrator for support.",
    ],
    [
      'names both for either, with one permission',
      { scope: 'either', permission: 'manage_teams', teamName: 'Payments' },
      "The permission 'Manage teams' is required to perform this action on the organization, or 'Manage teams' on the team Payments. Contact your organization administrator for support.",
    ],
    [
      'names both for either, with the team its own permission',
      {
        scope: 'either',
        permission: 'manage_escalation_policies',
        teamPermission: 'manage_alert_rules',
        teamName: 'Core API',
      },
      "The permission 'Manage escalation policies' is required to perform this action on the organization, or 'Manage alert rules' on the team Core API. Contact your organization administrator for support.",
    ],
  ])('%s', (_case, input, text) => {
    expect(permissionTooltip(input)).toBe(text);
  });

  it('has the role-gated wording of SPEC.md section 6', () => {
    expect(LACKS_PERMISSIONS_TOOLTIP).toBe('You lack the required permissions for this action.');
  });
});
