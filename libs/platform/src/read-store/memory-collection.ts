import type { Filter, ViewDocument } from './read-store.port';

/**
 * One in-process collection. Collections hold every tenant, so documents are also indexed by
 * `orgId`: a tenant's query then scans its own documents instead of the whole collection.
 */
export class MemoryCollection {
  private readonly docs = new Map<string, ViewDocument>();
  private readonly byOrg = new Map<string, Set<string>>();
  /** Documents whose orgId is not a plain string (e.g. an array) may still match an orgId filter. */
  private readonly irregularOrg = new Set<string>();

  get size(): number {
    return this.docs.size;
  }

  get(id: string): ViewDocument | undefined {
    return this.docs.get(id);
  }

  put(doc: ViewDocument): void {
    const org = doc.orgId;
    // A document rewritten within its organization (the usual case) keeps its index entry as it is.
    if (typeof org === 'string' && this.docs.get(doc._id)?.orgId === org) {
      this.docs.set(doc._id, doc);
      return;
    }
    this.unindex(doc._id);
    this.docs.set(doc._id, doc);
    if (typeof org === 'string') {
      let ids = this.byOrg.get(org);
      if (!ids) this.byOrg.set(org, (ids = new Set()));
      ids.add(doc._id);
    } else if (org !== undefined && org !== null) {
      this.irregularOrg.add(doc._id);
    }
  }

  delete(id: string): void {
    this.unindex(id);
    this.docs.delete(id);
  }

  /** A superset of the documents that can match `filter`; the caller still applies the filter. */
  candidates(filter: Filter): ViewDocument[] {
    const ids = this.idsFrom(filter._id);
    if (ids) return this.lookup(ids);
    const found =
      typeof filter.orgId === 'string'
        ? this.lookup([...(this.byOrg.get(filter.orgId) ?? []), ...this.irregularOrg])
        : [...this.docs.values()];
    return narrowByIn(found, filter);
  }

  /** True when `condition` names documents by id only (a string or `$in` of strings). */
  isExactIdLookup(condition: unknown): boolean {
    return this.idsFrom(condition) !== null;
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

  private unindex(id: string): void {
    const org = this.docs.get(id)?.orgId;
    if (typeof org === 'string') {
      const ids = this.byOrg.get(org);
      ids?.delete(id);
      if (ids?.size === 0) this.byOrg.delete(org);
    }
    this.irregularOrg.delete(id);
  }
}

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
