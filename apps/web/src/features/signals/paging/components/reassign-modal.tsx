import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { showToast } from '@/components/ui/toasts';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useTeamMembers } from '../../shared/api/get-team-members';
import { useTeamOptions } from '../../shared/api/get-team-options';
import { useReassignAlert } from '../api/reassign-alert';

/** Hands the alert to one person (found by their team): the policy's steps stop and they are paged from now. */
export function ReassignModal({ alertId, opened, onClose }: { alertId: string; opened: boolean; onClose: () => void }) {
  useReturnFocus(opened);
  const teams = useTeamOptions();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const members = useTeamMembers(teamId);
  const reassign = useReassignAlert();
  const close = () => {
    reassign.reset();
    onClose();
  };
  const submit = () => {
    if (!userId) return;
    reassign.mutate(
      { alertId, user_id: userId },
      {
        onSuccess: () => {
          showToast('success', 'Alert reassigned');
          close();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Reassign alert" centered>
      <Stack>
        {reassign.isError && <ErrorAlert error={reassign.error} title="Could not reassign the alert" />}
        <Select
          label="Team"
          placeholder="Choose a team"
          data={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          value={teamId}
          onChange={(value) => {
            setTeamId(value);
            setUserId(null);
          }}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Person"
          placeholder={teamId ? 'Choose a person' : 'Choose a team first'}
          data={(members.data ?? []).map((m) => ({
            value: m.user.id,
            label: m.user.name ?? m.user.email ?? m.user.id,
          }))}
          value={userId}
          onChange={setUserId}
          disabled={!teamId}
          searchable
        />
        <Text size="sm" c="dimmed">
          They are paged now, following their own notification settings; the policy's further steps stop.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!userId} loading={reassign.isPending}>
            Reassign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
