import { Group } from '@mantine/core';
import type { Alert } from '@tocsin/contracts';
import { useState } from 'react';
import { PermissionButton } from '@/components/ui/permission-button';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/lib/get-me';
import { useAlertAction } from '../api/run-alert-action';
import { AlertQuickActions } from './alert-quick-actions';
import { ReassignModal } from '../../paging/components/reassign-modal';
import { DeclareFromAlertButton } from '../../../incidents/incidents/components/alert-incidents';

/**
 * The alert page's actions: acknowledge and resolve, while it is open escalate now (with a policy) and reassign, and
 * declare an incident from it.
 */
export function AlertActions({ alert }: { alert: Alert }) {
  const [reassigning, setReassigning] = useState(false);
  const escalate = useAlertAction();
  const open = alert.status !== 'resolved';
  const allowed = useCurrentUser().permissions.includes('act_on_alerts');
  return (
    <Group gap="xs">
      <AlertQuickActions alert={alert} size="sm" />
      {open && alert.policy && (
        <PermissionButton
          allowed={allowed}
          permission="act_on_alerts"
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
        </PermissionButton>
      )}
      {open && (
        <PermissionButton
          allowed={allowed}
          permission="act_on_alerts"
          size="sm"
          variant="default"
          onClick={() => setReassigning(true)}
        >
          Reassign
        </PermissionButton>
      )}
      <DeclareFromAlertButton alert={alert} />
      <ReassignModal alertId={alert.id} opened={reassigning} onClose={() => setReassigning(false)} />
    </Group>
  );
}
