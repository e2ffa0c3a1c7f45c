import { Badge, Button, Group, Text } from '@mantine/core';
import { showToast } from '@/components/ui/toasts';
import { useCurrentUser } from '@/lib/get-me';
import { useSetDefaultOrganization } from '../api/set-default-organization';

/** The organization a sign-in opens: this one is marked Default, or can be made so. */
export function DefaultOrganization() {
  const me = useCurrentUser();
  const setDefault = useSetDefaultOrganization();
  const isDefault = me.user.defaultOrganization === me.organization.id;
  const makeDefault = () =>
    setDefault.mutate(me.organization.id, {
      onSuccess: () => showToast('success', 'Your default organization has been updated'),
      onError: () => showToast('error', 'Something went wrong updating default organization.'),
    });
  return (
    <Group justify="space-between" data-testid="default-organization">
      <Group gap="xs">
        <Text fw={600}>{me.organization.name}</Text>
        {isDefault && <Badge variant="light">Default</Badge>}
      </Group>
      {!isDefault && (
        <Button variant="default" size="xs" loading={setDefault.isPending} onClick={makeDefault}>
          Set as default organization
        </Button>
      )}
    </Group>
  );
}
