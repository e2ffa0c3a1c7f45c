import { ViewNames, NOTIFICATION_POLICY_MATCH_AND_UPDATE_API } from '@tocsin/contracts';
import { Alert, Button, Group, Modal, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { OrganizationMatchAndUpdateResult } from '@tocsin/contracts';
import { MATCH_AND_UPDATE_FAILED } from '@tocsin/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '@/components/ui/toasts';
import { focusWhenShown } from '@/lib/focus-when-shown';
import { viewKey } from '@/lib/socket';
import { useMatchAndUpdateJob } from '@/lib/use-match-and-update-job';

export const ORG_MATCH_LABEL = 'Match & update for the whole organization';
/** The button is disabled while the run goes, so keyboard focus leaves it; it gets focus back after the run. */
const RUN_BUTTON = '[data-testid="org-match-and-update"] button';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The owner's way to bring every member's preferences in line with the policy at once: it asks first
 * (it changes other people's settings), shows a progress bar, then the report with who is still out of line.
 */
export function OrgMatchAndUpdate() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [report, setReport] = useState<OrganizationMatchAndUpdateResult | null>(null);
  const run = useMatchAndUpdateJob<OrganizationMatchAndUpdateResult>({
    path: NOTIFICATION_POLICY_MATCH_AND_UPDATE_API,
    onFinished: (job) => {
      void queryClient.invalidateQueries({ queryKey: viewKey(ViewNames.notificationCompliance) });
      focusWhenShown(RUN_BUTTON);
      if (job.status === 'failed' || !job.result) return showToast('error', MATCH_AND_UPDATE_FAILED);
      setReport(job.result);
    },
    onError: () => {
      focusWhenShown(RUN_BUTTON);
      showToast('error', MATCH_AND_UPDATE_FAILED);
    },
  });
  const start = () => {
    setConfirming(false);
    setReport(null);
    run.start();
  };
  const progress = run.job?.progress;
  return (
    <Paper withBorder p="md" data-testid="org-match-and-update">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={2}>
            <Title order={2} size="h5">
              Bring everyone in line
            </Title>
            <Text size="sm" c="dimmed">
              Shortens every member's and owner's delays that are longer than the policy allows, and adds the
              notifications it requires, where they have a destination for them.
            </Text>
          </Stack>
          <Button onClick={() => setConfirming(true)} loading={run.running} loaderProps={{ type: 'dots' }} miw={320}>
            {ORG_MATCH_LABEL}
          </Button>
        </Group>
        {run.running && (
          <Stack gap={4}>
            <Progress
              value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0}
              animated
              aria-label="Organization match & update progress"
            />
            <Text size="xs" c="dimmed" data-testid="org-match-progress">
              {progress && progress.total > 0
                ? `${progress.done} of ${plural(progress.total, 'user')} done`
                : 'Preparing...'}
            </Text>
          </Stack>
        )}
        {report && <OrgMatchReport report={report} onClose={() => setReport(null)} />}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={ORG_MATCH_LABEL} centered>
        <Text size="sm">
          Every member's and owner's notification preferences that miss the policy will be changed to meet it. They can
          change them again afterwards.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button onClick={start}>Match & update</Button>
        </Group>
      </Modal>
    </Paper>
  );
}

function OrgMatchReport({ report, onClose }: { report: OrganizationMatchAndUpdateResult; onClose: () => void }) {
  const left = report.users_not_compliant;
  return (
    <Alert
      color={left.length === 0 ? 'green' : 'orange'}
      title={left.length === 0 ? 'Everyone now meets the policy' : 'Some people still miss the policy'}
      data-testid="org-match-report"
      withCloseButton
      onClose={onClose}
      closeButtonLabel="Dismiss"
    >
      <Text size="sm" data-testid="org-match-summary">
        {plural(report.users_total, 'user')} checked: {report.users_compliant_before} already compliant,{' '}
        {report.users_brought_into_compliance} brought into compliance, {left.length} still not compliant.{' '}
        {plural(report.updated, 'setting')} updated, {plural(report.created, 'setting')} created.
      </Text>
      {left.length > 0 && (
        <Table mt="sm" aria-label="Users still not compliant">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {left.map((user) => (
              <Table.Tr key={user.user_id} data-testid="org-match-left">
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.reasons.join('; ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Alert>
  );
}
