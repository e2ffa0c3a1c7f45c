import { useState, type FormEvent } from 'react';

/** datetime-local inputs speak local time without a zone; the API wants ISO-8601 instants. */
export const localToIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/**
 * A filter form's draft: typed into, applied on submit, emptied by Clear (which applies the empty filter). `toFilter`
 * turns the draft into what the query takes.
 */
export function useFilterDraft<Draft extends Record<string, string | number>, Filter>(
  empty: Draft,
  toFilter: (draft: Draft) => Filter,
  onApply: (filter: Filter) => void,
) {
  const [draft, setDraft] = useState<Draft>(empty);
  const set = (key: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(toFilter(draft));
  };
  const clear = () => {
    setDraft(empty);
    onApply(toFilter(empty));
  };
  return { draft, setDraft, set, submit, clear };
}
