/** One choice of a picker whose options a server search returns. */
export interface PickerOption {
  value: string;
  label: string;
  /** The heading the option is listed under, when the picker lists groups (People, Teams). */
  group?: string;
}

/**
 * The options to list: the latest answer, then every chosen value it does not hold, so what was chosen stays
 * listed (checked, with its label) whatever the search returns. A value never seen shows as itself.
 */
export function listedOptions(
  found: readonly PickerOption[],
  value: readonly string[],
  known: ReadonlyMap<string, PickerOption>,
): PickerOption[] {
  const foundValues = new Set(found.map((option) => option.value));
  const chosen = value.filter((v) => !foundValues.has(v)).map((v) => known.get(v) ?? { value: v, label: v });
  return [...found, ...chosen];
}

/** Remembers each option's label (later ones win), so a choice keeps its label after the search moves on. */
export function rememberOptions(known: Map<string, PickerOption>, options: readonly PickerOption[]): void {
  for (const option of options) known.set(option.value, option);
}

/** The options under their headings, in the order of `groups`; an option with another heading comes last. */
export function groupedOptions(
  options: readonly PickerOption[],
  groups: readonly string[],
): Array<{ group: string; items: PickerOption[] }> {
  const order = [...groups, ...new Set(options.map((o) => o.group ?? '').filter((g) => !groups.includes(g)))];
  return order
    .map((group) => ({ group, items: options.filter((o) => (o.group ?? '') === group) }))
    .filter((g) => g.items.length > 0);
}

/**
 * The value once `picked` is submitted: a chosen option is dropped, another is added; when the picker holds
 * one choice (`maxValues` 1) the new one replaces it, and beyond `maxValues` nothing changes.
 */
export function nextValue(value: readonly string[], picked: string, maxValues: number): string[] {
  if (value.includes(picked)) return value.filter((v) => v !== picked);
  if (maxValues === 1) return [picked];
  return value.length < maxValues ? [...value, picked] : [...value];
}
