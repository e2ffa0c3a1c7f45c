import { Alert, Stack, Text } from '@mantine/core';
import { PRIORITIES } from '@tocsin/domain';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { showToast } from '@/components/ui/toasts';
import { usePolicyItems } from '@/features/notification-policy/api/get-policy-items';
import { completeOnboardingTask } from '@/features/onboarding/api/complete-onboarding-task';
import { useCurrentUser } from '@/lib/get-me';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useCompliance } from '../api/get-compliance';
import { useDestinations } from '../api/get-destinations';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useStepEditor } from '../hooks/use-step-editor';
import { canEditPreferences } from '../lib/editors';
import { HandoffReminders } from './handoff-reminders';
import { MatchAndUpdateAll } from './match-and-update-all';
import { PrioritySteps } from './priority-steps';

export const ONBOARDING_TASK = 'configure_notification_preferences';
export const READ_ONLY_NOTICE = 'Only members and owners can change notification preferences.';
/** The section's anchor on /account/organization_settings: the user menu's Notification Preferences lead there. */
export const PREFERENCES_ANCHOR = 'alert-notifications';
export const NOTIFICATION_PREFERENCES_PATH = `/account/organization_settings#${PREFERENCES_ANCHOR}`;

/** The account area's alert notifications (signals on): the user's steps per priority, against the policy. */
export function AlertNotifications() {
  const me = useCurrentUser();
  const canEdit = canEditPreferences(me);
  const settings = useNotificationSettings();
  const destinations = useDestinations();
  const compliance = useCompliance();
  const policyItems = usePolicyItems();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onboarding = params.get('onboarding') === 'signals';

  // SPEC.md section 4: during signals onboarding the first saved preference completes the step and moves on.
  const finishOnboarding = async () => {
    try {
      await completeOnboardingTask(ONBOARDING_TASK);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : String(error));
    }
    navigate('/signals/alerts');
  };
  const editor = useStepEditor({
    settings: settings.data ?? [],
    destinations: destinations.data ?? [],
    onSaved: ({ first }) => void (onboarding && first && finishOnboarding()),
  });
  useUnsavedChangesPrompt(editor.draft !== null && (editor.form.formState.isDirty || !editor.draft.id));
  // opened at the section (the user menu's link): brought into view once it has its rows
  const { hash } = useLocation();
  const loaded = !!(settings.data && destinations.data && compliance.data && policyItems.data);
  useEffect(() => {
    if (loaded && hash === `#${PREFERENCES_ANCHOR}`)
      document.getElementById(PREFERENCES_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);

  const failed = settings.error ?? destinations.error ?? compliance.error ?? policyItems.error;
  if (failed) return <ErrorAlert error={failed} title="Could not load your notification preferences" />;
  if (!settings.data || !destinations.data || !compliance.data || !policyItems.data) return <LoadingArea />;
  return (
    <Stack gap="lg" data-testid="alert-notifications">
      <Text size="sm" c="dimmed">
        How you are notified of alerts assigned to you, per alert priority: each step is sent after its delay while the
        alert is still open.
      </Text>
      {onboarding && canEdit && (
        <Alert color="blue" data-testid="onboarding-notice">
          Add how you want to be notified of an alert. Once your first notification is saved, you will continue to
          Alerts.
        </Alert>
      )}
      {!canEdit && (
        <Text size="sm" data-testid="read-only-notice">
          {READ_ONLY_NOTICE}
        </Text>
      )}
      <MatchAndUpdateAll compliant={compliance.data.compliant} canEdit={canEdit} policyItems={policyItems.data} />
      {PRIORITIES.map((priority) => (
        <PrioritySteps
          key={priority}
          priority={priority}
          settings={settings.data}
          destinations={destinations.data}
          compliance={compliance.data}
          policyItems={policyItems.data}
          hideWhatsApp={me.featureFlags.hideWhatsApp === true}
          editor={canEdit ? editor : undefined}
        />
      ))}
      <HandoffReminders canEdit={canEdit} hideWhatsApp={me.featureFlags.hideWhatsApp === true} />
    </Stack>
  );
}
