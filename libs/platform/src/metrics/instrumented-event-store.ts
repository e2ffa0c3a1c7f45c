import type { EventStore } from '../event-store/event-store.port';
import type { Metrics } from './metrics';

/**
 * The event store with its appends timed: every caller goes through the port, so the adapters stay unaware of
 * metrics. Everything else reaches the adapter itself (bound to it, so its private state stays its own).
 */
export function instrumentedEventStore(store: EventStore, metrics: Metrics): EventStore {
  const append: EventStore['append'] = async (...args) => {
    const end = metrics.appends.startTimer();
    try {
      return await store.append(...args);
    } finally {
      end();
    }
  };
  // bound once per method: the log is read on every command, so no new function per call
  const bound = new Map<PropertyKey, unknown>([['append', append]]);
  return new Proxy(store, {
    get(target, property) {
      if (bound.has(property)) return bound.get(property);
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...a: unknown[]) => unknown).bind(target);
      bound.set(property, method);
      return method;
    },
  });
}
