/**
 * The step the address names: the event at `position`, or the last one before it (the incident as it stood
 * then); the first step when the address names none or a position before the incident.
 */
export function stepIndexOf(entries: ReadonlyArray<{ position: number }>, position: string | null): number {
  const wanted = position === null || position.trim() === '' ? NaN : Number(position);
  if (!Number.isFinite(wanted)) return 0;
  let index = 0;
  for (let i = 0; i < entries.length && entries[i].position <= wanted; i++) index = i;
  return index;
}
