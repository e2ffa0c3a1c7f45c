/**
 * `record[key]` for a key that came from input (ARCHITECTURE.md "Security rules": input never indexes an object
 * directly): only the record's own entries count, so `__proto__`, `constructor` or `toString` are unknown keys
 * like any other, never Object.prototype's members.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
