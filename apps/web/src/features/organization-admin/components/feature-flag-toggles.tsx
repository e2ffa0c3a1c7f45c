import { Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { FEATURE_FLAGS, permissionTooltip, type FeatureFlag } from '@tocsin/domain';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useFeatureFlags } from '../api/get-feature-flags';
import { useSetFeatureFlag } from '../api/set-feature-flag';

/** A Record, so a new flag without a label fails to compile. */
const FLAG_LABELS: Record<FeatureFlag, string> = {
  signals: 'Signals (alerts, on-call, event sources)',
  alertGrouping: 'Alert grouping',
  customMilestones: 'Custom incident milestones',
  incidentAudiences: 'Incident audiences',
  auditEvents: 'Audit events',
  integrationsSlackAiSummary: 'Slack AI summaries',
  incidentTypesRequiredFields: 'Required fields per incident type',
  fdnsAnalyticsRedesignEndpoints: 'Redesigned analytics',
  profilePageRedesign: 'Redesigned profile page',
  rbacCandidateControl: 'Permission-based access (instead of role-based)',
  reflow: 'New onboarding flow',
  sessionReplay: 'Session replay',
  'onboarding-headers': 'Empty-state help panels',
  hideWhatsApp: 'Hide WhatsApp destinations',
};

/** The organization's feature flags; only holders of manage_organization_settings may switch them. */
export function FeatureFlagToggles({ canManage, onChanged }: { canManage: boolean; onChanged?: () => void }) {
  const flags = useFeatureFlags();
  const set = useSetFeatureFlag();
  if (flags.isPending) return null;
  if (flags.isError) return <ErrorAlert error={flags.error} title="Could not load feature flags" />;
  const tooltip = canManage
    ? null
    : permissionTooltip({ scope: 'organization', permission: 'manage_organization_settings' });
  return (
    <Stack gap="xs" data-testid="feature-flags">
      <Title order={2} size="h4">
        Feature flags
      </Title>
      {set.isError && <ErrorAlert error={set.error} title="Could not change the feature flag" />}
      {FEATURE_FLAGS.map((flag) => {
        const toggle = (
          <Switch
            label={FLAG_LABELS[flag]}
            description={
              <Text span size="xs" ff="monospace">
                {flag}
              </Text>
            }
            checked={flags.data[flag]}
            disabled={!canManage || (set.isPending && set.variables?.flag === flag)}
            onChange={(event) => set.mutate({ flag, enabled: event.currentTarget.checked }, { onSuccess: onChanged })}
          />
        );
        return tooltip ? (
          <Tooltip key={flag} label={tooltip} multiline w={300}>
            <div>{toggle}</div>
          </Tooltip>
        ) : (
          <div key={flag}>{toggle}</div>
        );
      })}
    </Stack>
  );
}
