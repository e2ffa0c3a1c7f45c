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
    this.unindex(doc._id);
    this.docs.set(doc._id, doc);
    const org = doc.orgId;
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
    if (typeof filter.orgId === 'string') {
      return this.lookup([...(this.byOrg.get(filter.orgId) ?? []), ...this.irregularOrg]);
    }
    return [...this.docs.values()];
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
