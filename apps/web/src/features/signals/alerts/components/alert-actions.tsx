import { Button, Group } from '@mantine/core';
import type { Alert } from '@tocsin/contracts';
import { useState } from 'react';
import { showToast } from '@/components/ui/toasts';
import { useAlertAction } from '../api/run-alert-action';
import { AlertQuickActions } from './alert-quick-actions';
import { ReassignModal } from './reassign-modal';

/** The alert page's actions: acknowledge and resolve, and while it is open, escalate now (with a policy) and reassign. */
export function AlertActions({ alert }: { alert: Alert }) {
  const [reassigning, setReassigning] = useState(false);
  const escalate = useAlertAction();
  const open = alert.status !== 'resolved';
  return (
    <Group gap="xs">
      <AlertQuickActions alert={alert} size="sm" />
      {open && alert.policy && (
        <Button
          size="sm"
          variant="default"
          loading={escalate.isPending}
          onClick={() =>
            escalate.mutate(
              { alertId: alert.id, action: 'escalate' },
              {
                onSuccess: () => showToast('success', 'Escalated to the next step'),
                onError: (error) => showToast('error', error.message),
              },
            )
          }
        >
          Escalate now
        </Button>
      )}
      {open && (
        <Button size="sm" variant="default" onClick={() => setReassigning(true)}>
          Reassign
        </Button>
      )}
      <ReassignModal alertId={alert.id} opened={reassigning} onClose={() => setReassigning(false)} />
    </Group>
  );
}
