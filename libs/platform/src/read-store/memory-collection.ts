import { MemoryIndex, pinnedKeys } from './memory-index';
import type { Filter, IndexSpec, ViewDocument } from './read-store.port';

/**
 * One in-process collection. Collections hold every tenant, so queries are served from equality maps on
 * the prefixes of the collection's declared indexes (and on `orgId`, which every tenant's query pins): a
 * map is made the first time a query pins its fields, then kept up to date on every write, so fields that
 * only sort (a position, a time) cost nothing. A query that no map serves reads every document and is
 * counted in `fullScans`.
 */
export class MemoryCollection {
  private readonly docs = new Map<string, ViewDocument>();
  /** Field lists a map may be made for, longest first. */
  private prefixes: string[][] = [];
  private readonly built = new Map<string, MemoryIndex>();
  /** Queries that found no index to serve them and read every document. */
  fullScans = 0;

  constructor(indexes: readonly IndexSpec[] = []) {
    this.declare(indexes);
  }

  get size(): number {
    return this.docs.size;
  }

  /** The indexes queries may use from now on (a store's ensureIndexes). */
  declare(indexes: readonly IndexSpec[]): void {
    const seen = new Map<string, string[]>([['orgId', ['orgId']]]);
    for (const { keys } of indexes) {
      const fields = Object.keys(keys);
      for (let length = 1; length <= fields.length; length++) {
        const prefix = fields.slice(0, length);
        // `_id` is looked up directly; a prefix through it serves nothing more
        if (prefix.includes('_id')) break;
        seen.set(prefix.join('\u0000'), prefix);
      }
    }
    this.prefixes = [...seen.values()].sort((a, b) => b.length - a.length);
  }

  get(id: string): ViewDocument | undefined {
    return this.docs.get(id);
  }

  put(doc: ViewDocument): void {
    const before = this.docs.get(doc._id);
    this.docs.set(doc._id, doc);
    for (const index of this.built.values()) {
      const keys = index.keysOf(doc);
      if (before) {
        const previous = index.keysOf(before);
        if (sameKeys(previous, keys)) continue;
        index.remove(doc._id, previous);
      }
      index.add(doc._id, keys);
    }
  }

  delete(id: string): void {
    const before = this.docs.get(id);
    if (!before) return;
    for (const index of this.built.values()) index.remove(id, index.keysOf(before));
    this.docs.delete(id);
  }

  /** A superset of the documents that can match `filter`; the caller still applies the filter. */
  candidates(filter: Filter): ViewDocument[] {
    const ids = this.idsFrom(filter._id);
    if (ids) return this.lookup(ids);
    for (const fields of this.prefixes) {
      const keys = pinnedKeys(fields, filter);
      if (keys) return narrowByIn(this.lookup(this.index(fields).lookup(keys)), filter);
    }
    this.fullScans++;
    return narrowByIn([...this.docs.values()], filter);
  }

  /** True when `condition` names documents by id only (a string or `$in` of strings). */
  isExactIdLookup(condition: unknown): boolean {
    return this.idsFrom(condition) !== null;
  }

  private index(fields: string[]): MemoryIndex {
    const name = fields.join('\u0000');
    let index = this.built.get(name);
    if (!index) {
      this.built.set(name, (index = new MemoryIndex(fields)));
      for (const doc of this.docs.values()) index.add(doc._id, index.keysOf(doc));
    }
    return index;
  }

  private idsFrom(condition: unknown): string[] | null {
    if (typeof condition === 'string') return [condition];
    if (isPlainObject(condition) && Object.keys(condition).length === 1 && Array.isArray(condition.$in)) {
      const ids: unknown[] = condition.$in;
      // a regex or other operand inside $in needs the full scan
      if (ids.every((id) => typeof id === 'string')) return [...new Set(ids as string[])];
    }
    return null;
  }

  private lookup(ids: Iterable<string>): ViewDocument[] {
    const found: ViewDocument[] = [];
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc) found.push(doc);
    }
    return found;
  }
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, i) => key === b[i]);

/**
 * `{ field: { $in: [strings] } }` costs mingo a pass over the whole list for every document (a run over
 * thousands of users asks for hundreds at a time), so a Set first drops the documents whose value is a
 * string not listed. Other values (arrays, missing fields) are left for the filter itself to judge.
 */
function narrowByIn(docs: ViewDocument[], filter: Filter): ViewDocument[] {
  let narrowed = docs;
  for (const [field, condition] of Object.entries(filter)) {
    if (
      field === '_id' ||
      field.startsWith('$') ||
      field.includes('.') ||
      !isPlainObject(condition) ||
      Object.keys(condition).length !== 1
    )
      continue;
    const listed: unknown = condition.$in;
    if (!Array.isArray(listed) || !listed.every((value) => typeof value === 'string')) continue;
    const wanted = new Set<unknown>(listed);
    narrowed = narrowed.filter((doc) => typeof doc[field] !== 'string' || wanted.has(doc[field]));
  }
  return narrowed;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
