import { NotificationPolicyPage } from '@/features/notification-policy/components/notification-policy-page';

/** /signals/notification_policy (owner; manage_organization_notification_policies, guarded by the navigation table). */
export function NotificationPolicyRoute() {
  return <NotificationPolicyPage />;
}
