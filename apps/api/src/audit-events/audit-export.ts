import type { AuditEvent, AuditExportFormat } from '@tocsin/contracts';
import { csvRow } from '@tocsin/domain';
import type { Response } from 'express';
import { once } from 'node:events';

const CSV_COLUMNS = [
  'cursor',
  'id',
  'occurred_at',
  'organization_id',
  'type',
  'actor_kind',
  'actor_id',
  'actor_via',
  'resource_kind',
  'resource_id',
  'correlation_id',
  'data',
];

const csvLine = (e: AuditEvent) =>
  csvRow([
    e.cursor,
    e.id,
    e.occurred_at,
    e.organization_id,
    e.type,
    e.actor.kind,
    e.actor.id,
    e.actor.via,
    e.resource.kind,
    e.resource.id,
    e.correlation_id,
    JSON.stringify(e.data),
  ]);

export const EXPORT_CONTENT_TYPES: Record<AuditExportFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Writes events as they come, one line each (a CSV header first), waiting on the socket when it is full, and
 * stopping when the caller goes away. A failure once lines are out can only cut the stream: the caller sees
 * it end early and continues from the last line's cursor.
 */
export async function streamLines(
  response: Response,
  format: AuditExportFormat,
  events: AsyncIterable<AuditEvent>,
): Promise<void> {
  const line = format === 'csv' ? csvLine : (e: AuditEvent) => JSON.stringify(e);
  try {
    if (format === 'csv') response.write(`${CSV_COLUMNS.join(',')}\r\n`);
    for await (const event of events) {
      if (response.destroyed) return;
      if (!response.write(`${line(event)}${format === 'csv' ? '\r\n' : '\n'}`)) await once(response, 'drain');
    }
    response.end();
  } catch {
    response.destroy();
  }
}

/** Long-poll pacing of the feed: how often it looks for new events while it waits. */
export const FEED_POLL_MS = 200;

export const closed = (response: Response) => response.destroyed || response.writableEnded;
