/** `GET /api/v1/signals/alert_visualization`: the alert charts' figures over a window. */
export const ALERT_CHART_BUCKETS = ['PT1H', 'P1D'] as const;
export type AlertChartBucket = (typeof ALERT_CHART_BUCKETS)[number];

export interface AlertVisualizationQuery {
  /** ISO-8601 instant; default: `to` minus 7 days. */
  from?: string;
  /** ISO-8601 instant; default: now. */
  to?: string;
  /** PT1H or P1D; default P1D (PT1H for windows up to 2 days). */
  bucket?: string;
  team_id?: string;
  source_id?: string;
}

export interface AlertVolumeBucket {
  /** The bucket's start, UTC. */
  start: string;
  total: number;
  high: number;
  medium: number;
  low: number;
}

export interface AlertCount {
  id: string;
  /** The source's or team's name; its id when it is gone (or the caller may not read sources). */
  name: string;
  count: number;
}

export interface TimeToAcknowledge {
  /** Alerts (episodes) triggered in the window that were acknowledged. */
  acknowledged: number;
  /** Triggered in the window and never acknowledged (resolved unacknowledged, or still open). */
  unacknowledged: number;
  /** ISO-8601 durations (whole seconds); null when nothing was acknowledged. */
  median: string | null;
  p90: string | null;
}

export interface TimeToAcknowledgeBucket {
  start: string;
  acknowledged: number;
  /** The bucket's median, in seconds; null when none was acknowledged. */
  median_seconds: number | null;
}

export interface AlertVisualization {
  from: string;
  to: string;
  bucket: AlertChartBucket;
  /** Every alert episode triggered in the window (an alert firing again counts again). */
  total: number;
  volume: AlertVolumeBucket[];
  by_source: AlertCount[];
  by_team: AlertCount[];
  /** The ten sources with the most alerts, most first. */
  noisiest_sources: AlertCount[];
  time_to_acknowledge: TimeToAcknowledge;
  time_to_acknowledge_series: TimeToAcknowledgeBucket[];
}

export interface AlertVisualizationResponse {
  data: AlertVisualization;
}
