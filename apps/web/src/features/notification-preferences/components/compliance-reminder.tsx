import { Alert, Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { NON_COMPLIANCE_ALERT, UPDATE_PREFERENCES_PROMPT } from '@tocsin/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/lib/get-me';
import { useCompliance } from '../api/get-compliance';
import { canEditPreferences } from '../lib/editors';

const PREFERENCES_PATH = '/account/organization_settings';
/** Where the policy is edited: an owner who just changed it is not asked about it there. */
const POLICY_PATH = '/signals/notification_policy';

/**
 * Outside the preferences page, a person whose preferences miss the policy sees the alert variant of
 * the banner (SPEC.md section 8) on every page until they dismiss it; when the policy changes under them
 * and they fall out of line, they are asked once whether to update their preferences.
 */
export function ComplianceReminder() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const enabled = me.featureFlags.signals === true && canEditPreferences(me) && !me.user.isStaffSession;
  const compliant = useCompliance({ enabled }).data?.compliant;
  const [dismissed, setDismissed] = useState(false);
  const [prompting, setPrompting] = useState(false);
  const before = useRef<boolean | undefined>(undefined);
  const onPreferences = pathname === PREFERENCES_PATH;

  const quiet = onPreferences || pathname === POLICY_PATH;

  useEffect(() => {
    if (before.current === true && compliant === false && !quiet) setPrompting(true);
    if (compliant !== undefined) before.current = compliant;
  }, [compliant, quiet]);

  if (!enabled || onPreferences) return null;
  const review = () => {
    setPrompting(false);
    navigate(PREFERENCES_PATH);
  };
  return (
    <>
      {compliant === false && !dismissed && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          data-testid="non-compliance-alert"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDismissed(true)}
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm">{NON_COMPLIANCE_ALERT}</Text>
            <Anchor component={Link} to={PREFERENCES_PATH} size="sm" fw={600}>
              Review notification preferences
            </Anchor>
          </Group>
        </Alert>
      )}
      <Modal opened={prompting} onClose={() => setPrompting(false)} title={UPDATE_PREFERENCES_PROMPT.title} centered>
        <Text size="sm">{UPDATE_PREFERENCES_PROMPT.text}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPrompting(false)}>
            Not now
          </Button>
          <Button onClick={review}>Review preferences</Button>
        </Group>
      </Modal>
    </>
  );
}
