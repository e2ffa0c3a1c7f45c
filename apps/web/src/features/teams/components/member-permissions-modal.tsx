import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TeamMembership } from '@tocsin/contracts';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useUpdateTeamMember } from '../api/update-team-member';
import { PermissionsSelect } from './permissions-select';

/** Edits one member's whole team permission list. */
export function MemberPermissionsModal({
  teamId,
  membership,
  onClose,
}: {
  teamId: string;
  membership: TeamMembership | null;
  onClose: () => void;
}) {
  const [permissions, setPermissions] = useState(membership?.permissions ?? []);
  const update = useUpdateTeamMember();
  useEffect(() => setPermissions(membership?.permissions ?? []), [membership]);

  const close = () => {
    update.reset();
    onClose();
  };
  const save = async () => {
    if (!membership) return;
    await update.mutateAsync({ teamId, userId: membership.user.id, permissions });
    close();
  };
  return (
    <Modal opened={membership !== null} onClose={close} title="Edit permissions" centered>
      <Stack>
        {update.isError && <ErrorAlert error={update.error} title="Could not change the permissions" />}
        <Text size="sm">{membership?.user.name ?? membership?.user.id}</Text>
        <PermissionsSelect value={permissions} onChange={setPermissions} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={update.isPending} onClick={() => void save().catch(() => undefined)}>
            Save permissions
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
