import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * A message as it shows under its field: one that starts with a nested key (`conditions[0].value is a
 * required field`) names the field as its label does (`Value is a required field`), since the person sees
 * the row, not the API's path; a top-level key (`name is a required field`) reads as the API words it.
 */
export function shownMessage(key: string, message: string): string {
  if (!/[.[]/.test(key) || !message.startsWith(key)) return message;
  const last =
    key
      .split(/[.[\]]/)
      .filter((part) => part && !/^\d+$/.test(part))
      .pop() ?? key;
  const words = last.replace(/_id$/, '').replace(/_/g, ' ');
  const name = words === 'id' ? 'value' : words;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${message.slice(key.length)}`;
}

/**
 * The domain's field messages (`steps[0].timeout`, `conditions[1].value`) as react-hook-form's
 * error tree (`steps.0.timeout`), each worded by `shownMessage`: the editor says what the API
 * would answer, before the round trip. `fold` maps a key to the field that shows it (a target's message
 * shows under its step's picker).
 */
export function formErrors<Values extends FieldValues>(
  messages: Record<string, string[]>,
  fold: (key: string) => string = (key) => key,
): FieldErrors<Values> {
  const tree: Record<string, unknown> = {};
  for (const [key, [answered]] of Object.entries(messages)) {
    const message = shownMessage(key, answered);
    const path = fold(key)
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.');
    let node = tree;
    for (const part of path.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    const leaf = path[path.length - 1];
    if (!(node[leaf] as { message?: string } | undefined)?.message) node[leaf] = { type: 'validate', message };
  }
  return tree as FieldErrors<Values>;
}
