import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { OrganizationMember } from '@tocsin/contracts';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useRemoveUser } from '../api/remove-user';

/** Removing someone signs them out of the organization at once: asked for twice. */
export function RemoveMemberButton({ member, onRemoved }: { member: OrganizationMember; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveUser();
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>Remove from organization</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Remove ${member.name}?`}>
        <Stack gap="sm">
          {remove.isError && <ErrorAlert error={remove.error} title="Could not remove the member" />}
          <Text size="sm">{member.name} ({member.email}) loses access to this organization and is signed out of it.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>Cancel</Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(member.id, { onSuccess: onRemoved })}>Remove</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
