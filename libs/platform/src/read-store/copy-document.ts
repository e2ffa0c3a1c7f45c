/**
 * Deep copy of a read-model document (plain objects, arrays, dates and primitives). Several times
 * faster than structuredClone on small objects, which matters: every read and write copies.
 * Anything else (a Map, a class instance) falls back to structuredClone, which also refuses what
 * cannot be copied at all (functions).
 */
export function copyDocument<T>(value: T): T {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol') return structuredClone(value);
    return value;
  }
  if (Array.isArray(value)) return value.map(copyDocument) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyDocument((value as Record<string, unknown>)[key]);
  return copy as T;
}
