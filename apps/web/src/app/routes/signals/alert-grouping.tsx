import { useCurrentUser } from '@/lib/get-me';
import { AlertGroupingPage } from '@/features/signals/alert-grouping/components/alert-grouping-page';
import {
  EditGroupingRulePage,
  NewGroupingRulePage,
} from '@/features/signals/alert-grouping/components/grouping-rule-pages';

/** /signals/alert_grouping: readers see the actions they may not take, disabled with a tooltip naming the permission. */
export function AlertGroupingRoute() {
  const { permissions } = useCurrentUser();
  return (
    <AlertGroupingPage
      canManage={permissions.includes('manage_alert_grouping')}
      canAct={permissions.includes('act_on_alerts')}
    />
  );
}

/** /signals/alert_grouping/new */
export function NewGroupingRuleRoute() {
  return <NewGroupingRulePage />;
}

/** /signals/alert_grouping/{id}/edit */
export function EditGroupingRuleRoute() {
  return <EditGroupingRulePage />;
}
