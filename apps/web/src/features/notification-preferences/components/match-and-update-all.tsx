import { NOTIFICATION_SETTINGS_MATCH_AND_UPDATE_API } from '@tocsin/contracts';
import { Alert, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import type { MatchAndUpdateResult, NotificationPolicyItem } from '@tocsin/contracts';
import {
  displayIsoDuration,
  MATCH_AND_UPDATE_FAILED,
  NON_COMPLIANCE_BANNER,
  NOTIFICATION_GROUP_METHOD_LABELS,
} from '@tocsin/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '@/components/ui/toasts';
import { focusWhenShown } from '@/lib/focus-when-shown';
import { useMatchAndUpdateJob } from '@/lib/use-match-and-update-job';
import { settingsChanged } from '../api/settings-cache';

export const MATCHED_MESSAGE = "Your notification preferences now meet the organization's policy.";
/**
 * Where keyboard focus goes after a run (the button is disabled while it runs, so focus leaves it): back to the
 * button while the banner stays, else to the first control below the banner, HIGH priority's Add notification.
 */
const BANNER_BUTTON = '[data-testid="non-compliance-banner"] button';
const FIRST_STEPS_BUTTON = '[data-testid="priority-steps"] button';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

interface Props {
  compliant: boolean;
  canEdit: boolean;
  policyItems: readonly NotificationPolicyItem[];
}

/**
 * The banner of SPEC.md section 8 while the preferences miss the policy, with 'Match & update all'
 * (SPEC.md section 4) for those who can edit; the run's progress, then its report.
 */
export function MatchAndUpdateAll({ compliant, canEdit, policyItems }: Props) {
  const queryClient = useQueryClient();
  const [report, setReport] = useState<MatchAndUpdateResult | null>(null);
  const runFailed = () => {
    focusWhenShown(BANNER_BUTTON);
    showToast('error', MATCH_AND_UPDATE_FAILED);
  };
  const run = useMatchAndUpdateJob<MatchAndUpdateResult>({
    path: NOTIFICATION_SETTINGS_MATCH_AND_UPDATE_API,
    onFinished: (job) => {
      void settingsChanged(queryClient);
      if (job.status === 'failed' || !job.result) return runFailed();
      const { failed, unsatisfiable } = job.result;
      if (failed.length === 0 && unsatisfiable.length === 0) {
        showToast('success', MATCHED_MESSAGE);
        focusWhenShown(FIRST_STEPS_BUTTON);
      } else {
        setReport(job.result);
        focusWhenShown(BANNER_BUTTON);
      }
    },
    onError: runFailed,
  });
  const describe = (itemId: string | undefined) => {
    const item = policyItems.find((candidate) => candidate.id === itemId);
    return item
      ? `${item.priority} ${NOTIFICATION_GROUP_METHOD_LABELS[item.notification_group_method]} within ${displayIsoDuration(item.max_delay)}: `
      : '';
  };
  const start = () => {
    setReport(null);
    run.start();
  };
  const progress = run.job?.progress;
  if (compliant && !run.running && !report) return null;
  return (
    <Stack gap="xs">
      {(!compliant || run.running) && (
        <Alert color="yellow" data-testid="non-compliance-banner" role="status">
          <Group justify="space-between" wrap="nowrap" align="center">
            <Text size="sm">{NON_COMPLIANCE_BANNER}</Text>
            {canEdit && (
              <Button size="xs" color="yellow" onClick={start} disabled={run.running} miw={170}>
                {run.running ? 'Updating...' : 'Match & update all'}
              </Button>
            )}
          </Group>
          {run.running && (
            <Stack gap={4} mt="sm">
              <Progress
                value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0}
                animated
                aria-label="Match & update progress"
              />
              <Text size="xs" c="dimmed" data-testid="match-progress">
                {progress && progress.total > 0
                  ? `${progress.done} of ${plural(progress.total, 'change')} made`
                  : 'Preparing changes...'}
              </Text>
            </Stack>
          )}
        </Alert>
      )}
      {report && (
        <Alert
          color="orange"
          title="Some preferences could not be matched"
          data-testid="match-report"
          withCloseButton
          onClose={() => setReport(null)}
          closeButtonLabel="Dismiss"
        >
          <Text size="sm">
            {plural(report.updated, 'setting')} updated, {plural(report.created, 'setting')} created,{' '}
            {report.failed.length} failed.
          </Text>
          <List size="sm" mt="xs">
            {report.unsatisfiable.map((entry) => (
              <List.Item key={`u-${entry.notification_policy_item_id}`}>
                {describe(entry.notification_policy_item_id)}
                {entry.reason}
              </List.Item>
            ))}
            {report.failed.map((entry, index) => (
              <List.Item key={`f-${index}`}>
                {describe(entry.notification_policy_item_id)}
                {entry.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
