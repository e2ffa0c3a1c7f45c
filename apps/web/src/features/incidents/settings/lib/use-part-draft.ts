import { useEffect, useState } from 'react';
import type { IncidentSettingsPartName } from '@tocsin/contracts';
import { useUnsavedChangesPrompt } from '@/lib/use-unsaved-changes-prompt';
import { useSaveIncidentSettingsPart } from '../api/save-incident-settings-part';

/**
 * A part's edits before they are saved, made from the revision the page read. A save sends that revision: when
 * someone else saved in between, the answer is 409 and the page keeps the edits until "Load the current version"
 * replaces them with the part as it is now. Saved, or not yet changed, the draft follows the settings as they load.
 */
export function usePartDraft<Draft>(part: IncidentSettingsPartName, current: Draft, revision: number) {
  const [draft, setDraftState] = useState(current);
  const [base, setBase] = useState(revision);
  const [dirty, setDirty] = useState(false);
  const save = useSaveIncidentSettingsPart();
  useUnsavedChangesPrompt(dirty && !save.isPending);

  useEffect(() => {
    if (!dirty && revision !== base) {
      setDraftState(current);
      setBase(revision);
    }
  }, [current, revision, base, dirty]);

  const setDraft = (next: Draft | ((previous: Draft) => Draft)) => {
    setDraftState(next);
    setDirty(true);
  };
  const reload = () => {
    setDraftState(current);
    setBase(revision);
    setDirty(false);
    save.reset();
  };
  const submit = (body: object) =>
    save.mutate(
      { part, body: { expected_revision: base, ...body } },
      {
        onSuccess: () => setDirty(false),
      },
    );
  return { draft, setDraft, dirty, reload, submit, save };
}
