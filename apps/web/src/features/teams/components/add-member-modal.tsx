import { Button, Group, Modal, Stack } from '@mantine/core';
import type { Permission } from '@tocsin/domain';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SearchPicker } from '@/components/ui/search-picker';
import { usePickerSearch } from '@/components/ui/use-picker-search';
import { useAddTeamMember } from '../api/add-team-member';
import { useMemberOptions } from '../api/get-member-options';
import { PermissionsSelect } from './permissions-select';

/** Picks an organization member who is not in the team yet and gives them team permissions. */
export function AddMemberModal({ teamId, opened, onClose }: { teamId: string; opened: boolean; onClose: () => void }) {
  const search = usePickerSearch();
  const [userId, setUserId] = useState<string | null>(null);
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [missingUser, setMissingUser] = useState(false);
  const options = useMemberOptions(teamId, search.query, { enabled: opened });
  const add = useAddTeamMember();

  const close = () => {
    search.setSearch('');
    setUserId(null);
    setPermissions([]);
    setMissingUser(false);
    add.reset();
    onClose();
  };
  const submit = async () => {
    if (!userId) return setMissingUser(true);
    await add.mutateAsync({ teamId, user_id: userId, permissions });
    close();
  };
  const found = (options.data?.data ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }));

  return (
    <Modal opened={opened} onClose={close} title="Add member" centered>
      <form onSubmit={(event) => (event.preventDefault(), void submit().catch(() => undefined))} noValidate>
        <Stack>
          {add.isError && <ErrorAlert error={add.error} title="Could not add the member" />}
          <SearchPicker
            label="User"
            withAsterisk
            placeholder="Search by name or email"
            maxValues={1}
            value={userId ? [userId] : []}
            onChange={(value) => (setUserId(value[0] ?? null), setMissingUser(false))}
            search={search}
            found={found}
            searching={options.isFetching}
            nothingFound="No organization member left to add"
            error={missingUser ? 'User is a required field' : undefined}
          />
          <PermissionsSelect value={permissions} onChange={setPermissions} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add member
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
