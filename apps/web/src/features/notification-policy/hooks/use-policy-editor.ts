import { yupResolver } from '@hookform/resolvers/yup';
import type { NotificationPolicyItem } from '@tocsin/contracts';
import { INCOMPLETE_ROW_MESSAGE, type NotificationGroupMethod, type Priority } from '@tocsin/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { showToast } from '@/components/ui/toasts';
import { rowEditorFocus } from '@/lib/focus-when-shown';
import { useDeletePolicyItem } from '../api/delete-policy-item';
import { useSavePolicyItem } from '../api/save-policy-item';

export const POLICY_SAVED_MESSAGE = 'Notification policy has been updated';
export const POLICY_DELETED_MESSAGE = 'Notification policy item has been deleted';

export interface PolicyItemValues {
  notification_group_method: NotificationGroupMethod | '';
  max_delay: string;
}

const EMPTY: PolicyItemValues = { notification_group_method: '', max_delay: '' };

const focus = rowEditorFocus<Priority>({
  row: (id) => `[data-testid="policy-step"][data-mode="read"][data-item-id="${CSS.escape(id)}"] button`,
  add: (priority) => `[data-testid="policy-priority"][data-priority="${priority}"] button`,
});

const schema = yup.object({
  notification_group_method: yup.string<NotificationGroupMethod | ''>().defined().required('Required'),
  max_delay: yup.string().defined().required('Required'),
});

/**
 * Policy steps edit as a person's steps do (SPEC.md section 4): one row at a time, a new row starts
 * empty, adding or editing another row first submits the edited one. The server's refusal stays on
 * screen beside the row.
 */
export function usePolicyEditor(items: readonly NotificationPolicyItem[] | undefined) {
  const form = useForm<PolicyItemValues>({ resolver: yupResolver(schema), defaultValues: EMPTY });
  const [draft, setDraft] = useState<{ id?: string; priority: Priority } | null>(null);
  const [refusal, setRefusal] = useState<{ priority: Priority; message: string } | null>(null);
  const save = useSavePolicyItem();
  const remove = useDeletePolicyItem();
  // an item another owner deleted while it was being edited leaves nothing to edit
  const editedGone = Boolean(draft?.id && items) && !items?.some((item) => item.id === draft?.id);
  useEffect(() => {
    if (editedGone) {
      setDraft(null);
      form.reset(EMPTY);
    }
  }, [editedGone, form]);
  // a refusal to add answers one click; once the row changes it no longer applies
  useEffect(() => {
    const subscription = form.watch(() => setRefusal(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const open = (next: { id?: string; priority: Priority }, values: PolicyItemValues) => {
    save.reset();
    setRefusal(null);
    setDraft(next);
    form.reset(values);
  };
  const close = () => {
    save.reset();
    setDraft(null);
    form.reset(EMPTY);
  };

  const submit = () =>
    new Promise<boolean>((resolve) => {
      const current = draft;
      if (!current) return resolve(true);
      void form.handleSubmit(
        async (values) => {
          let saved: NotificationPolicyItem;
          try {
            saved = await save.mutateAsync({
              id: current.id,
              priority: current.priority,
              notification_group_method: values.notification_group_method as NotificationGroupMethod,
              max_delay: values.max_delay,
            });
          } catch {
            return resolve(false);
          }
          showToast('success', POLICY_SAVED_MESSAGE);
          close();
          focus.row(saved.id);
          resolve(true);
        },
        () => resolve(false),
      )();
    });
  const afterCurrent = async (then: () => void) => {
    if (await submit()) then();
  };

  return {
    form,
    draft,
    refusal,
    saving: save.isPending,
    saveError: save.error,
    deleteError: remove.error,
    deleting: remove.isPending ? remove.variables : null,
    add(priority: Priority) {
      const values = form.getValues();
      if (
        draft &&
        !draft.id &&
        draft.priority === priority &&
        !(values.notification_group_method && values.max_delay)
      ) {
        return setRefusal({ priority, message: INCOMPLETE_ROW_MESSAGE });
      }
      void afterCurrent(() => open({ priority }, EMPTY));
    },
    edit(item: NotificationPolicyItem) {
      if (draft?.id === item.id) return;
      void afterCurrent(() =>
        open(
          { id: item.id, priority: item.priority },
          { notification_group_method: item.notification_group_method, max_delay: item.max_delay },
        ),
      );
    },
    save: () => void submit(),
    discard() {
      focus.closed(draft);
      close();
    },
    delete(item: NotificationPolicyItem | null) {
      if (!item) {
        focus.closed(draft);
        return close();
      }
      remove.mutate(item.id, {
        onSuccess: () => {
          showToast('success', POLICY_DELETED_MESSAGE);
          if (draft?.id === item.id) close();
          focus.add(item.priority);
        },
      });
    },
  };
}

export type PolicyEditor = ReturnType<typeof usePolicyEditor>;
