import { useCurrentUser } from '@/lib/get-me';
import { EditTargetPage } from '@/features/signals/webhook-targets/components/edit-target-page';
import { NewTargetPage } from '@/features/signals/webhook-targets/components/new-target-page';
import { TargetPage } from '@/features/signals/webhook-targets/components/target-page';
import { TargetsPage } from '@/features/signals/webhook-targets/components/targets-page';

// Readers see the actions they may not take, disabled with a tooltip naming the permission.
const useCanManageTargets = () => useCurrentUser().permissions.includes('manage_webhook_targets');

/** /signals/webhook_targets */
export function WebhookTargetsRoute() {
  return <TargetsPage canManage={useCanManageTargets()} />;
}

/** /signals/webhook_targets/new */
export function NewWebhookTargetRoute() {
  return <NewTargetPage />;
}

/** /signals/webhook_targets/{id} */
export function WebhookTargetRoute() {
  return <TargetPage canManage={useCanManageTargets()} />;
}

/** /signals/webhook_targets/{id}/edit */
export function EditWebhookTargetRoute() {
  return <EditTargetPage />;
}
