import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import type { IncidentSettingsResource } from '@tocsin/contracts';
import { useIncidentSettings } from '../api/get-incident-settings';
import { fieldErrorsOf, isStale } from '../lib/field-errors';

/** A settings page's frame: its title and what it is for, the settings once loaded. */
export function SettingsPartPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (settings: IncidentSettingsResource) => ReactNode;
}) {
  const settings = useIncidentSettings();
  return (
    <Stack>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {settings.isPending ? (
        <LoadingArea />
      ) : settings.isError ? (
        <ErrorAlert error={settings.error} title="Could not load the incident settings" />
      ) : (
        children(settings.data)
      )}
    </Stack>
  );
}

/**
 * Why a save failed: someone saved first (with the way to their version); a refusal, whose messages the page shows
 * under the fields it `placed`, the rest here; or the API's message.
 */
export function SaveFailure({
  error,
  onReload,
  placed,
}: {
  error: unknown;
  onReload: () => void;
  placed?: (field: string) => boolean;
}) {
  if (!error) return null;
  const fields = fieldErrorsOf(error);
  if (placed && Object.keys(fields).length > 0) {
    const rest = Object.entries(fields)
      .filter(([field]) => !placed(field))
      .flatMap(([, messages]) => messages);
    return (
      <Alert color="red" title="Could not save" role="alert">
        {rest.length > 0 ? rest.join(' ') : 'Correct the fields marked above, then save again.'}
      </Alert>
    );
  }
  if (isStale(error))
    return (
      <Alert color="yellow" title="Someone else saved first" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
          <Button size="compact-sm" variant="default" onClick={onReload}>
            Load the current version
          </Button>
        </Stack>
      </Alert>
    );
  return <ErrorAlert error={error} title="Could not save" />;
}

/** Save and Discard for a page that edits a part; hidden for those who may only read. */
export function SaveBar({
  canManage,
  dirty,
  saving,
  onSave,
  onDiscard,
  needs = 'the Manage incident settings permission',
}: {
  /** What changing them takes, in the read-only note. */
  needs?: string;
  canManage: boolean;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  if (!canManage)
    return (
      <Text size="sm" c="dimmed" data-testid="read-only-note">
        You can see these settings; changing them needs {needs}.
      </Text>
    );
  return (
    <Group>
      <Button onClick={onSave} loading={saving} disabled={!dirty}>
        Save changes
      </Button>
      <Button variant="default" onClick={onDiscard} disabled={!dirty || saving}>
        Discard changes
      </Button>
    </Group>
  );
}
