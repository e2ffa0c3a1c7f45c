import { Button, CloseButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PermissionButton } from '@/components/ui/permission-button';
import { useUpdateContributingFactors } from '../api/update-contributing-factors';

interface Props {
  incidentId: string;
  factors: Array<{ id: string; text: string }>;
  editable: boolean;
  canManage: boolean;
}

/** The retrospective's contributing factors: each added or removed on its own, so no one's is overwritten. */
export function FactorsEditor({ incidentId, factors, editable, canManage }: Props) {
  const update = useUpdateContributingFactors();
  const [text, setText] = useState('');
  return (
    <Stack gap="xs">
      {factors.length === 0 ? (
        <Text c="dimmed" size="sm" fs="italic">
          No contributing factors recorded.
        </Text>
      ) : (
        <List spacing={4} data-testid="contributing-factors">
          {factors.map((factor) => (
            <List.Item key={factor.id}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Text style={{ overflowWrap: 'anywhere' }}>{factor.text}</Text>
                {editable && (
                  <CloseButton
                    size="sm"
                    aria-label={`Remove contributing factor ${factor.text}`}
                    onClick={() => update.mutate({ incidentId, remove: factor.id })}
                  />
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {editable ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ incidentId, add: text }, { onSuccess: () => setText('') });
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Contributing factor"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 180 }}
            />
            <Button type="submit" variant="default" loading={update.isPending} disabled={!text.trim()}>
              Add
            </Button>
          </Group>
        </form>
      ) : (
        !canManage && (
          <Group>
            <PermissionButton allowed={false} permission="manage_incidents" variant="default" size="xs">
              Add contributing factor
            </PermissionButton>
          </Group>
        )
      )}
      {update.isError && <ErrorAlert error={update.error} title="The contributing factors did not change" />}
    </Stack>
  );
}
