import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The domain's field messages (`steps[0].timeout_minutes`, `conditions[1].value`) as react-hook-form's
 * error tree (`steps.0.timeout_minutes`): the editor shows the very words the API would answer with.
 * `fold` maps a key to the field that shows it (a target's message shows under its step's picker).
 */
export function formErrors<Values extends FieldValues>(
  messages: Record<string, string[]>,
  fold: (key: string) => string = (key) => key,
): FieldErrors<Values> {
  const tree: Record<string, unknown> = {};
  for (const [key, [message]] of Object.entries(messages)) {
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
