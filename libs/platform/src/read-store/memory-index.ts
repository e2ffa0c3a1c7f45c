import type { Filter, ViewDocument } from './read-store.port';

type Scalar = string | number | boolean;

/** Key tuples one lookup may ask for at most (an `$in` on each field multiplies them); beyond, no index. */
const MAX_KEYS = 1000;

/**
 * Equality lookups on some fields of one in-process collection, in MongoDB's multikey manner: a document
 * is filed under every combination of the values it holds at those fields (each element of an array, each
 * one reached through an array on a dotted path). A document without a value at a field is filed nowhere,
 * as no equality on that field can match it. The store still applies the whole filter to what it finds.
 */
export class MemoryIndex {
  private readonly entries = new Map<string, string | Set<string>>();

  constructor(readonly fields: readonly string[]) {}

  /** The keys `doc` is filed under. */
  keysOf(doc: ViewDocument): string[] {
    return combinations(
      this.fields.map((field) => valuesAt(doc, field)),
      Infinity,
    )!;
  }

  add(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      const held = this.entries.get(key);
      if (held === undefined) this.entries.set(key, id);
      else if (typeof held === 'string') {
        if (held !== id) this.entries.set(key, new Set([held, id]));
      } else held.add(id);
    }
  }

  remove(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      const held = this.entries.get(key);
      if (held === id) this.entries.delete(key);
      else if (typeof held === 'object') {
        held.delete(id);
        if (held.size === 1) this.entries.set(key, held.values().next().value!);
      }
    }
  }

  /** Ids filed under any of `keys`, each once. */
  lookup(keys: readonly string[]): Set<string> {
    const ids = new Set<string>();
    for (const key of keys) {
      const held = this.entries.get(key);
      if (typeof held === 'string') ids.add(held);
      else if (held) for (const id of held) ids.add(id);
    }
    return ids;
  }
}

/** The keys a filter pins `fields` to (an equality or `$in` of plain values on every one), else null. */
export function pinnedKeys(fields: readonly string[], filter: Filter): string[] | null {
  const perField: Scalar[][] = [];
  for (const field of fields) {
    const values = Object.hasOwn(filter, field) ? equalityValues(filter[field]) : null;
    if (!values) return null;
    perField.push(values);
  }
  return combinations(perField, MAX_KEYS);
}

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The plain values a document holds at a dotted path, arrays unwound as MongoDB's multikey indexes do. */
function valuesAt(doc: ViewDocument, path: string): Scalar[] {
  let reached: unknown[] = [doc];
  for (const segment of path.split('.')) {
    const next: unknown[] = [];
    for (const value of reached) {
      if (Array.isArray(value)) {
        for (const element of value)
          if (isPlainObject(element) && Object.hasOwn(element, segment)) next.push(element[segment]);
      } else if (isPlainObject(value) && Object.hasOwn(value, segment)) next.push(value[segment]);
    }
    reached = next;
  }
  const values: Scalar[] = [];
  for (const value of reached) {
    if (Array.isArray(value)) values.push(...value.filter(isScalar));
    else if (isScalar(value)) values.push(value);
  }
  return values;
}

/** `value` and `{ $eq: value }` pin one value, `{ $in: [values] }` several; anything else pins none. */
function equalityValues(condition: unknown): Scalar[] | null {
  if (isScalar(condition)) return [condition];
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1) return null;
  if (isScalar(condition.$eq)) return [condition.$eq];
  const listed: unknown = condition.$in;
  return Array.isArray(listed) && listed.every(isScalar) ? [...new Set(listed)] : null;
}

function combinations(perField: readonly Scalar[][], max: number): string[] | null {
  let tuples: Scalar[][] = [[]];
  for (const values of perField) {
    if (tuples.length * values.length > max) return null;
    tuples = tuples.flatMap((tuple) => values.map((value) => [...tuple, value]));
  }
  return tuples.map((tuple) => JSON.stringify(tuple));
}
