/** Who moved the alert: a person (UI, API, signed link, SMS reply) or the monitoring tool itself. */
export type AlertActor = { kind: 'user'; userId: string; via: AlertChannel } | { kind: 'source'; sourceId: string };
export const ALERT_CHANNELS = ['web', 'api', 'link', 'sms_reply'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
