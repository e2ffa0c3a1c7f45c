/** GET /infra/health (SPEC.md section 3 "Health"; runtime versions in place of ruby/rails). */
export interface HealthComponent {
  healthy: boolean;
  message: string;
}

/**
 * Signed in: `hostname` and `version` only for Tocsin operators (ADMIN_EMAILS); they tell an attacker
 * which machine and which build to aim at.
 */
export interface HealthResponse {
  healthy: boolean;
  hostname?: string;
  components: {
    event_store: HealthComponent;
    read_store: HealthComponent;
    redis: HealthComponent;
  };
  version?: {
    node_version: string;
    nest_version: string;
    revision: string;
  };
  /** Shape the app runs in: which adapter serves each port. */
  adapters: { event_store: string; read_store: string; jobs: string; realtime: string; sessions: string };
  checked_at: string;
}

export type HealthState = 'healthy' | 'unhealthy';

/** GET /infra/health without a session (load balancers, probes): the verdict and each component's, nothing more. */
export interface PublicHealthResponse {
  status: HealthState;
  healthy: boolean;
  components: Record<keyof HealthResponse['components'], HealthState>;
}

/** GET /api/v1/status: the public service status, statuspage-style. */
export type StatusIndicator = 'none' | 'minor' | 'major' | 'critical';

export interface StatusResponse {
  status: { description: string; indicator: StatusIndicator };
}
