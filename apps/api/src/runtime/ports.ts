import type { Subject } from 'rxjs';
import type {
  AppConfig,
  Channels,
  Clock,
  EventStore,
  Infrastructure,
  JobQueue,
  Logger,
  Metrics,
  ReadStore,
  ViewChange,
} from '@tocsin/platform';

/**
 * What services inject, one port at a time (CoreModule builds each from the runtime; nothing else sees the
 * runtime itself). Inject with `@Inject(TOKEN) private readonly name: Type`.
 */
export const CONFIG = Symbol('CONFIG');
export const CLOCK = Symbol('CLOCK');
export const LOGGER = Symbol('LOGGER');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_STORE = Symbol('READ_STORE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
/** The Redis connection, or null when REDIS_URL is not set (embedded mode). */
export const REDIS = Symbol('REDIS');
/** The projector hosted in this process, or null when a separate projector folds the log. */
export const HOSTED_PROJECTOR = Symbol('HOSTED_PROJECTOR');
/** View changes produced in this process, for the socket gateway. */
export const VIEW_CHANGES = Symbol('VIEW_CHANGES');
/** Where pages go: email, SMS, voice, WhatsApp, Slack, Teams, APNs, FCM (libs/platform/src/channels). */
export const CHANNELS = Symbol('CHANNELS');
/** This process's metrics registry (libs/platform/src/metrics): counted where things happen. */
export const METRICS = Symbol('METRICS');
/** Where every channel keeps what it would have sent, outside production with no provider; null otherwise. */
export const DEV_MAILBOX = Symbol('DEV_MAILBOX');

export type { AppConfig, Channels, Clock, EventStore, JobQueue, Logger, Metrics, ReadStore };
export type RedisConnection = Infrastructure['redis'];
export type ViewChanges = Subject<ViewChange[]>;

/** What the api asks of a projector hosted in its process. */
export interface HostedProjector {
  /** Last global position every view has folded (null before any event). */
  readonly position: number | null;
  readonly isCaughtUp: boolean;
  /** Resolves once every view has folded the event at `position`. */
  waitFor(position: number): Promise<void>;
}
