/** An organization's figures since the last sample: what the ops charts show it of its own traffic. */
export interface OrgSample {
  orgId: string;
  /** Alerts of its accepted payloads. */
  ingested: number;
  /** Ingest -> first page handed to a channel: observations per bucket of `FIRST_PAGE_BUCKETS` (the last: above them all). */
  firstPage: number[];
}

/** The first-page histogram's upper bounds in seconds, shared by Prometheus's series and the per-organization counts. */
export const FIRST_PAGE_BUCKETS: readonly number[] = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * Per-organization counts kept beside the Prometheus series, never in them (an organization id is never a label,
 * ARCHITECTURE.md "Operators"): they leave the process only in the ops samples, where a query reads the caller's
 * organization alone. Drained at each sample, so they hold only the organizations active since the last one.
 */
export class OrgFigures {
  private figures = new Map<string, OrgSample>();

  ingested(orgId: string, alerts: number): void {
    if (alerts > 0) this.of(orgId).ingested += alerts;
  }

  firstPage(orgId: string, seconds: number): void {
    const index = FIRST_PAGE_BUCKETS.findIndex((bound) => seconds <= bound);
    this.of(orgId).firstPage[index === -1 ? FIRST_PAGE_BUCKETS.length : index] += 1;
  }

  /** What was counted since the last drain, and a fresh start. */
  drain(): OrgSample[] {
    const taken = [...this.figures.values()];
    this.figures = new Map();
    return taken;
  }

  private of(orgId: string): OrgSample {
    let figures = this.figures.get(orgId);
    if (!figures) {
      figures = { orgId, ingested: 0, firstPage: new Array<number>(FIRST_PAGE_BUCKETS.length + 1).fill(0) };
      this.figures.set(orgId, figures);
    }
    return figures;
  }
}
