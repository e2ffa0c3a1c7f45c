import type { EventStore } from '../event-store/event-store.port';
import type { Metrics } from './metrics';

/**
 * The event store with its appends timed: every caller goes through the port, so the adapters stay unaware of
 * metrics. Everything else reaches the adapter itself (bound to it, so its private state stays its own).
 */
export function instrumentedEventStore(store: EventStore, metrics: Metrics): EventStore {
  // the adapter's own append, taken once: a spy set on the adapter later calls through this wrapper to it
  const appendToStore = store.append.bind(store);
  const append: EventStore['append'] = async (...args) => {
    const end = metrics.appends.startTimer();
    try {
      return await appendToStore(...args);
    } finally {
      end();
    }
  };
  // the adapter's own methods bound once each (the log is read on every command: no new function per call); a
  // function set on the adapter itself (a test's spy, a wrapper) is handed out as it is
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || Object.prototype.hasOwnProperty.call(target, property)) return value;
      if (property === 'append') return append;
      if (!bound.has(property)) bound.set(property, (value as (...a: unknown[]) => unknown).bind(target));
      return bound.get(property);
    },
  });
}
