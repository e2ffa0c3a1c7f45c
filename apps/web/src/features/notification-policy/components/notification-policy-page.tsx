import { Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingArea } from '@/components/ui/loading-area';
import { useCurrentUser } from '@/lib/get-me';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { usePolicyItems } from '../api/get-policy-items';
import { usePolicyEditor } from '../hooks/use-policy-editor';
import { organizationPolicyView } from '../lib/policy-view';
import { OrgMatchAndUpdate } from './org-match-and-update';
import { PolicyPriority } from './policy-priority';

/** /signals/notification_policy: per priority, the longest each channel may wait; another owner's change shows at once. */
export function NotificationPolicyPage() {
  const me = useCurrentUser();
  const items = usePolicyItems();
  const editor = usePolicyEditor(items.data);
  useUnsavedChangesPrompt(editor.draft !== null && (editor.form.formState.isDirty || !editor.draft.id));
  const view = organizationPolicyView(items.data ?? []);
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {view.name}
        </Title>
        <Text size="sm" c="dimmed">
          The longest a member may wait to be notified of an alert, per priority and channel. Everyone's notification
          preferences are checked against it.
        </Text>
      </Stack>
      {me.user.role === 'owner' && <OrgMatchAndUpdate />}
      {editor.deleteError != null && <ErrorAlert error={editor.deleteError} title="Could not delete the policy step" />}
      {items.isPending ? (
        <LoadingArea />
      ) : items.isError ? (
        <ErrorAlert error={items.error} title="Could not load the notification policy" />
      ) : (
        view.priorities.map(({ priority, steps }) => (
          <PolicyPriority key={priority} priority={priority} steps={steps} items={items.data} editor={editor} />
        ))
      )}
    </Stack>
  );
}
