import type { IngestOutcome, IngestResult } from '@tocsin/domain';
import type { PagePagination, PageQuery } from '../../organization-admin/organization-admin';

/** One payload a source received and what came of it (GET /api/v1/signals/logs). */
export interface IngestLogEntry {
  id: string;
  source_id: string;
  format: string;
  outcome: IngestOutcome;
  /** One line per alert of the payload (an Alertmanager group holds many). */
  results: Array<{
    outcome: IngestResult['outcome'];
    alert_id: string;
    dedup_key: string;
    summary: string | null;
    episode: number | null;
    rule_id: string | null;
    /** The alert group it opened (`first`: it pages for the group) or joined (`member`: not paged). */
    group?: { group_id: string; role: 'first' | 'member' } | null;
    /** A scheduled maintenance held the alert: recorded, paging nobody until `until`. */
    suppressed?: { maintenance_id: string; maintenance_name: string; until: string } | null;
  }>;
  /** Why a payload was refused whole. */
  message: string | null;
  errors: string[];
  /** The start of a refused payload as it was sent. */
  excerpt: string | null;
  received_at: string;
}

/** Newest first; `outcome` matches a payload with any result of that outcome. */
export interface IngestLogsQuery extends PageQuery {
  source_id?: string;
  outcome?: IngestOutcome;
}

export interface IngestLogsResponse {
  data: IngestLogEntry[];
  pagination: PagePagination;
}
