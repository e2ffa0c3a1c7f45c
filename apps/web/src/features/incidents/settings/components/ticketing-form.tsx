import { Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { IncidentSettingsResource, TicketingSettingsResource } from '@tocsin/contracts';
import { fieldErrorsOf, messagesUnder } from '../lib/field-errors';
import { usePartDraft } from '../lib/use-part-draft';
import { SaveBar, SaveFailure } from './settings-part-page';

const PROVIDERS = [
  { value: 'none', label: 'None' },
  { value: 'jira', label: 'Jira' },
  { value: 'linear', label: 'Linear' },
  { value: 'servicenow', label: 'ServiceNow' },
];

/** Where follow-ups become tickets (owners). */
export function TicketingForm({ settings, canManage }: { settings: IncidentSettingsResource; canManage: boolean }) {
  const { draft, setDraft, dirty, reload, submit, save } = usePartDraft<TicketingSettingsResource>(
    'ticketing',
    settings.ticketing,
    settings.revisions.ticketing,
  );
  const errors = fieldErrorsOf(save.error);
  const set = (change: Partial<TicketingSettingsResource>) => setDraft((t) => ({ ...t, ...change }));
  return (
    <Stack gap="sm" maw={520}>
      <NativeSelect
        label="Ticketing provider"
        data={PROVIDERS}
        value={draft.provider}
        disabled={!canManage}
        error={messagesUnder(errors, 'provider')}
        onChange={(event) => set({ provider: event.currentTarget.value as TicketingSettingsResource['provider'] })}
      />
      <TextInput
        label="Project key"
        description="Where the tickets are filed, e.g. OPS"
        value={draft.project_key}
        disabled={!canManage}
        error={messagesUnder(errors, 'project_key')}
        onChange={(event) => set({ project_key: event.currentTarget.value })}
      />
      <Checkbox
        label="Create a ticket for each follow-up"
        checked={draft.auto_create_follow_ups}
        disabled={!canManage}
        error={messagesUnder(errors, 'auto_create_follow_ups')}
        onChange={(event) => set({ auto_create_follow_ups: event.currentTarget.checked })}
      />
      <SaveFailure error={save.error} onReload={reload} placed={(field) => field in draft} />
      <SaveBar
        canManage={canManage}
        dirty={dirty}
        saving={save.isPending}
        onSave={() => submit(draft)}
        onDiscard={reload}
        needs="an owner"
      />
    </Stack>
  );
}
