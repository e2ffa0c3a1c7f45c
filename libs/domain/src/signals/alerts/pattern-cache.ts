import type { RE2JS } from 're2js';
import { compilePattern } from './pattern';

/** A compiled pattern's weight in memory, estimated: its text, its instructions, the objects around them. */
const BYTES_PER_INSTRUCTION = 64;
const BYTES_PER_ENTRY = 512;
const weight = (source: string, regex: RE2JS | null) =>
  BYTES_PER_ENTRY + 2 * source.length + (regex ? regex.programSize() * BYTES_PER_INSTRUCTION : 0);

/** What one organization's compiled patterns may weigh, and all organizations' together. */
export const PATTERN_CACHE_ORG_BYTES = 1024 * 1024;
export const PATTERN_CACHE_TOTAL_BYTES = 64 * 1024 * 1024;

interface OrgPatterns {
  /** In use order, least recently used first; null: the pattern is refused (a rule saved before a limit). */
  entries: Map<string, { regex: RE2JS | null; bytes: number }>;
  bytes: number;
}

/**
 * Rules run on every incoming alert, so a pattern is compiled once, not per alert. The cache is kept per
 * organization and bounded in bytes: an organization that fills its share evicts only its own least recently
 * used patterns, and when all shares together reach the total, the organization holding the most gives way,
 * so one tenant's patterns never push out another's.
 */
export class PatternCache {
  private readonly orgs = new Map<string, OrgPatterns>();
  private total = 0;

  constructor(
    private readonly orgBytes = PATTERN_CACHE_ORG_BYTES,
    private readonly totalBytes = PATTERN_CACHE_TOTAL_BYTES,
  ) {}

  /** The organization's compiled pattern; null for one refused now (it matches nothing). */
  get(orgId: string, source: string): RE2JS | null {
    let org = this.orgs.get(orgId);
    if (!org) this.orgs.set(orgId, (org = { entries: new Map(), bytes: 0 }));
    const hit = org.entries.get(source);
    if (hit) {
      org.entries.delete(source);
      org.entries.set(source, hit);
      return hit.regex;
    }
    const compiled = compilePattern(source);
    const regex = typeof compiled === 'string' ? null : compiled;
    const bytes = weight(source, regex);
    org.entries.set(source, { regex, bytes });
    org.bytes += bytes;
    this.total += bytes;
    while (org.bytes > this.orgBytes && org.entries.size > 1) this.evictOldest(orgId, org);
    while (this.total > this.totalBytes) this.evictOldest(...this.heaviest());
    return regex;
  }

  /** The bytes an organization's patterns hold (for tests and metrics). */
  bytesOf(orgId: string): number {
    return this.orgs.get(orgId)?.bytes ?? 0;
  }

  has(orgId: string, source: string): boolean {
    return this.orgs.get(orgId)?.entries.has(source) ?? false;
  }

  private heaviest(): [string, OrgPatterns] {
    let heaviest: [string, OrgPatterns] | null = null;
    for (const entry of this.orgs) if (!heaviest || entry[1].bytes > heaviest[1].bytes) heaviest = entry;
    return heaviest!;
  }

  private evictOldest(orgId: string, org: OrgPatterns): void {
    const [source, { bytes }] = org.entries.entries().next().value!;
    org.entries.delete(source);
    org.bytes -= bytes;
    this.total -= bytes;
    if (org.entries.size === 0) this.orgs.delete(orgId);
  }
}

/** The process's cache: routing at ingest, the rule editor's preview and the rules decider share it. */
export const patternCache = new PatternCache();

/** The instructions a pattern of the organization compiles to; a refused one (it matches nothing) counts none. */
export const patternProgramSize = (orgId: string, source: string): number =>
  patternCache.get(orgId, source)?.programSize() ?? 0;
