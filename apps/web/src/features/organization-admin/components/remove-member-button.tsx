import { Button } from '@mantine/core';
import type { OrganizationMember } from '@tocsin/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRemoveUser } from '../api/remove-user';

/** Removing someone signs them out of the organization at once: asked for twice. */
export function RemoveMemberButton({ member, onRemoved }: { member: OrganizationMember; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveUser();
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>
        Remove from organization
      </Button>
      <ConfirmDialog
        opened={open}
        title={`Remove ${member.name}?`}
        confirmLabel="Remove"
        loading={remove.isPending}
        error={remove.error}
        errorTitle="Could not remove the member"
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(member.id, { onSuccess: onRemoved })}
      >
        {member.name} ({member.email}) loses access to this organization and is signed out of it.
      </ConfirmDialog>
    </>
  );
}
