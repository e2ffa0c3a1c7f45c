import { yupResolver } from '@hookform/resolvers/yup';
import type { DestinationOption, NotificationSetting } from '@tocsin/contracts';
import { canAddRow, duplicateRow, type NotificationRow, type Priority } from '@tocsin/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { showToast } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { rowEditorFocus } from '@/lib/focus-when-shown';
import { useDeleteNotificationSetting } from '../api/delete-notification-setting';
import { useSaveNotificationSetting } from '../api/save-notification-setting';
import { EMPTY_STEP, requestOf, rowOf, stepSchema, valuesOf, type Draft, type StepValues } from '../lib/step-form';

export const SAVED_MESSAGE = 'Notification setting has been updated';
export const DELETED_MESSAGE = 'Notification setting has been deleted';
export const FAILURE_MESSAGE = 'Something went wrong updating notification settings.';

const SERVER_FIELDS: Record<string, keyof StepValues> = {
  notification_type: 'type',
  destination: 'destination',
  delay: 'delay',
};

const focus = rowEditorFocus<Priority>({
  row: (id) => `[data-testid="notification-step"][data-mode="read"][data-setting-id="${CSS.escape(id)}"] button`,
  add: (priority) => `[data-testid="priority-steps"][data-priority="${priority}"] button`,
});

interface Options {
  settings: readonly NotificationSetting[];
  destinations: readonly DestinationOption[];
  /** After a save: `first` when it created the user's first setting. */
  onSaved: (outcome: { created: boolean; first: boolean }) => void;
}

/**
 * The step rows of SPEC.md section 4: one row at a time is edited (a saved setting or the one new row);
 * adding, duplicating or editing another row first submits the edited one, and adding is refused while
 * the last row of the priority is incomplete.
 */
export function useStepEditor({ settings, destinations, onSaved }: Options) {
  const form = useForm<StepValues>({
    resolver: yupResolver(stepSchema),
    context: { destinations },
    defaultValues: EMPTY_STEP,
  });
  const [draft, setDraft] = useState<Omit<Draft, 'values'> | null>(null);
  const [refusal, setRefusal] = useState<{ priority: Priority; message: string } | null>(null);
  const save = useSaveNotificationSetting();
  const remove = useDeleteNotificationSetting();
  // a setting deleted elsewhere (another tab) while it was being edited leaves nothing to edit
  const editedGone = Boolean(draft?.id) && !settings.some((setting) => setting.id === draft?.id);
  useEffect(() => {
    if (editedGone) {
      setDraft(null);
      form.reset(EMPTY_STEP);
    }
  }, [editedGone, form]);
  // a refusal to add answers one click; once the row changes it no longer applies
  useEffect(() => {
    const subscription = form.watch(() => setRefusal(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const open = (next: Draft) => {
    setRefusal(null);
    setDraft({ id: next.id, priority: next.priority });
    form.reset(next.values);
  };
  const close = () => {
    setDraft(null);
    form.reset(EMPTY_STEP);
  };

  const persist = async (values: StepValues, current: Omit<Draft, 'values'>): Promise<boolean> => {
    let saved: NotificationSetting;
    try {
      saved = await save.mutateAsync({ id: current.id, ...requestOf(values, current.priority, destinations) });
    } catch (error) {
      showToast('error', FAILURE_MESSAGE);
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      for (const [field, problems] of fields) {
        if (SERVER_FIELDS[field]) form.setError(SERVER_FIELDS[field], { message: [problems].flat().join(', ') });
      }
      return false;
    }
    showToast('success', SAVED_MESSAGE);
    close();
    focus.row(saved.id);
    onSaved({ created: !current.id, first: !current.id && settings.length === 0 });
    return true;
  };

  /** Validates and saves the edited row; false when it stays open (invalid or refused). */
  const submit = () =>
    new Promise<boolean>((resolve) => {
      const current = draft;
      if (!current) return resolve(true);
      void form.handleSubmit(
        async (values) => resolve(await persist(values, current)),
        () => resolve(false),
      )();
    });

  const afterCurrent = async (then: () => void) => {
    if (await submit()) then();
  };

  /** The priority's rows as they stand on screen, the edited one with what its fields hold now. */
  const rowsOf = (priority: Priority): NotificationRow[] => {
    const current = draft && { ...draft, values: form.getValues() };
    const rows = settings
      .filter((setting) => setting.notification_priority === priority)
      .map((setting) =>
        current?.id === setting.id
          ? rowOf(current, destinations)
          : rowOf({ id: setting.id, priority, values: valuesOf(setting) }, destinations),
      );
    return current && !current.id && current.priority === priority ? [...rows, rowOf(current, destinations)] : rows;
  };

  return {
    form,
    draft,
    refusal,
    saving: save.isPending,
    deleting: remove.isPending ? remove.variables : null,
    add(priority: Priority, prefill: StepValues = EMPTY_STEP) {
      const decision = canAddRow(rowsOf(priority));
      if (!decision.allowed) return setRefusal({ priority, message: decision.message });
      void afterCurrent(() => open({ priority, values: prefill }));
    },
    /** Opens a saved row; `changes` preset some fields (a non-compliant row's fix presets the delay it needs). */
    edit(setting: NotificationSetting, changes: Partial<StepValues> = {}) {
      if (draft?.id === setting.id) return;
      void afterCurrent(() =>
        open({ id: setting.id, priority: setting.notification_priority, values: { ...valuesOf(setting), ...changes } }),
      );
    },
    /** Not offered at 1 hour: `duplicable` says so. */
    duplicate(setting: NotificationSetting) {
      const copy = duplicateRow(
        rowOf({ priority: setting.notification_priority, values: valuesOf(setting) }, destinations),
      );
      if (!copy?.delay) return;
      const values = { ...valuesOf(setting), delay: copy.delay };
      void afterCurrent(() => open({ priority: setting.notification_priority, values }));
    },
    duplicable: (setting: NotificationSetting) =>
      duplicateRow(rowOf({ priority: setting.notification_priority, values: valuesOf(setting) }, destinations)) !==
      null,
    save: () => void submit(),
    discard() {
      focus.closed(draft);
      close();
    },
    /** An unsaved row goes locally; a saved one by a call. */
    delete(setting: NotificationSetting | null) {
      if (!setting) {
        focus.closed(draft);
        return close();
      }
      remove.mutate(setting.id, {
        onSuccess: () => {
          showToast('success', DELETED_MESSAGE);
          if (draft?.id === setting.id) close();
          focus.add(setting.notification_priority);
        },
        onError: () => showToast('error', FAILURE_MESSAGE),
      });
    },
  };
}

export type StepEditor = ReturnType<typeof useStepEditor>;
