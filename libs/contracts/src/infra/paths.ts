export const HEALTH_API = '/infra/health';
/** Probes for orchestrators, without a session: `/health/live`, `/health/ready`, `/health/engine`. */
export const PROBES_PREFIX = '/health/';
export const STATUS_API = '/api/v1/status';
/** Development and tests only: the mail the app would have sent. */
export const DEV_MAILBOX_API = '/api/v1/dev/mailbox';
/** Prometheus's scrape: behind METRICS_TOKEN, or this machine's loopback only (README, "Metrics"). */
export const METRICS_API = '/metrics';
/** GET and PUT /api/v1/ops/self_test: the organization's end-to-end self-test, its settings and latest rounds. */
export const SELF_TEST_API = '/api/v1/ops/self_test';
