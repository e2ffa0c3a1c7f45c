import { useCurrentUser } from '@/lib/get-me';
import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';

/** /settings/api_keys (owners): readers without manage_api_keys see the actions disabled, naming the permission. */
export function ApiKeysRoute() {
  const me = useCurrentUser();
  return <ApiKeysPage canManage={me.permissions.includes('manage_api_keys')} held={me.permissions} />;
}
