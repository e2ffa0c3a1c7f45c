import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Permission } from '@tocsin/domain';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useAddTeamMember } from '../api/add-team-member';
import { useMemberOptions } from '../api/get-member-options';
import { PermissionsSelect } from './permissions-select';

/** Picks an organization member who is not in the team yet and gives them team permissions. */
export function AddMemberModal({ teamId, opened, onClose }: { teamId: string; opened: boolean; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, 250);
  const [userId, setUserId] = useState<string | null>(null);
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [missingUser, setMissingUser] = useState(false);
  const options = useMemberOptions(teamId, query, { enabled: opened });
  const add = useAddTeamMember();

  const close = () => {
    setSearch('');
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
  const data = (options.data?.data ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }));

  return (
    <Modal opened={opened} onClose={close} title="Add member" centered>
      <form onSubmit={(event) => (event.preventDefault(), void submit().catch(() => undefined))} noValidate>
        <Stack>
          {add.isError && <ErrorAlert error={add.error} title="Could not add the member" />}
          <Select
            label="User"
            withAsterisk
            placeholder="Search by name or email"
            data={data}
            value={userId}
            onChange={(value) => (setUserId(value), setMissingUser(false))}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            // the server already filtered by what was typed
            filter={({ options: all }) => all}
            nothingFoundMessage={options.isFetching ? 'Searching...' : 'No organization member left to add'}
            comboboxProps={{ withinPortal: true }}
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
