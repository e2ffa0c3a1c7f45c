import { AUDIT_EVENTS_EXPORT_API } from '@tocsin/contracts';
import type { AuditEventFilter, AuditExportFormat } from '@tocsin/contracts';
import { withQuery } from '@/lib/api-client';

/** The most one export answers (the API's bound); past it, the last line's cursor continues through the API. */
export const EXPORT_LIMIT = 10_000;

/**
 * The export is a plain download (a link the browser saves as it streams, with the session cookie): no query
 * hook, since nothing is kept in the page.
 */
export const auditExportUrl = (filter: AuditEventFilter, format: AuditExportFormat) =>
  withQuery(AUDIT_EVENTS_EXPORT_API, { ...filter, format, limit: EXPORT_LIMIT });
