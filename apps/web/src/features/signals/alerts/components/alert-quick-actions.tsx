import { Group } from '@mantine/core';
import { PermissionButton } from '@/components/ui/permission-button';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/lib/get-me';
import type { Alert } from '@tocsin/contracts';
import { useAlertAction, type AlertAction } from '../api/run-alert-action';
import { canAcknowledge, canResolve } from '../lib/alert-format';

const DONE: Record<AlertAction, string> = {
  acknowledge: 'Alert acknowledged',
  resolve: 'Alert resolved',
  escalate: 'Escalated to the next step',
};

/**
 * Acknowledge and resolve from a row: each button names its alert, so a list of them reads apart. Without
 * `act_on_alerts` (a viewer) they stay in view, disabled, naming the permission.
 */
export function AlertQuickActions({
  alert,
  size = 'xs',
}: {
  alert: Pick<Alert, 'id' | 'status' | 'summary'>;
  size?: 'xs' | 'sm';
}) {
  const action = useAlertAction();
  const allowed = useCurrentUser().permissions.includes('act_on_alerts');
  const run = (kind: AlertAction) =>
    action.mutate(
      { alertId: alert.id, action: kind },
      {
        onSuccess: () => showToast('success', `${DONE[kind]}: ${alert.summary}`),
        onError: (error) => showToast('error', error instanceof Error ? error.message : String(error)),
      },
    );
  const busy = action.isPending ? action.variables?.action : undefined;
  return (
    <Group gap="xs" wrap="nowrap">
      {canAcknowledge(alert.status) && (
        <PermissionButton
          allowed={allowed}
          permission="act_on_alerts"
          size={size}
          variant="light"
          loading={busy === 'acknowledge'}
          disabled={action.isPending}
          onClick={() => run('acknowledge')}
          aria-label={`Acknowledge ${alert.summary}`}
          data-testid="alert-acknowledge"
        >
          Acknowledge
        </PermissionButton>
      )}
      {canResolve(alert.status) && (
        <PermissionButton
          allowed={allowed}
          permission="act_on_alerts"
          size={size}
          variant="default"
          loading={busy === 'resolve'}
          disabled={action.isPending}
          onClick={() => run('resolve')}
          aria-label={`Resolve ${alert.summary}`}
          data-testid="alert-resolve"
        >
          Resolve
        </PermissionButton>
      )}
    </Group>
  );
}
