export const AUDIT_EVENTS_API = '/api/v1/audit_events';
export const AUDIT_EVENTS_EXPORT_API = `${AUDIT_EVENTS_API}/export`;
export const AUDIT_EVENTS_FEED_API = `${AUDIT_EVENTS_API}/feed`;
