/** GET /api/v1/ops/series?window=PT1H: the ops charts' figures (README, "Ops charts"), owners. */
export const OPS_SERIES_API = '/api/v1/ops/series';

/** The api takes a window in whole minutes from OPS_SERIES_MIN_WINDOW to OPS_SERIES_MAX_WINDOW (samples are kept 70 min). */
export const OPS_SERIES_DEFAULT_WINDOW = 'PT1H';
export const OPS_SERIES_MIN_WINDOW = 'PT1M';
export const OPS_SERIES_MAX_WINDOW = 'PT1H';
/** A window is cut into this many points at most (the step grows with the window past it). */
export const OPS_SERIES_MAX_POINTS = 360;

export interface OpsSeriesQuery {
  window?: string;
}

/**
 * One step of the series. The caller's organization's own traffic: `ingest_rate` (alerts per second taken by its
 * ingest URLs) and the ingest -> first page latency of its pages (`page_latency_p50`, `_p99`, seconds, null without
 * a page in the step). System-wide health, as the health panel shows it: the greatest projection lag over the views
 * (log positions and seconds), the jobs waiting, delayed or running over every queue, and the sockets connected to
 * every api process. Every figure is null in a step no process sampled.
 */
export interface OpsSeriesPoint {
  at: string;
  /** Processes that sampled in this step. */
  processes: number;
  ingest_rate: number | null;
  pages: number | null;
  page_latency_p50: number | null;
  page_latency_p99: number | null;
  projection_lag_events: number | null;
  projection_lag_seconds: number | null;
  queue_depth: number | null;
  sockets: number | null;
}

export interface OpsSeries {
  window: string;
  /** The time between points (ISO-8601): the processes' sample interval, longer for a long window. */
  step: string;
  from: string;
  to: string;
  points: OpsSeriesPoint[];
}

export interface OpsSeriesResponse {
  data: OpsSeries;
}
