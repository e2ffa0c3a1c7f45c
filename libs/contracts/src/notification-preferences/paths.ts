/** A person's own notification settings, their compliance and hand-off notices, and where pages may go. */
export const NOTIFICATION_SETTINGS_API = '/api/v1/signals_notification_settings';
export const notificationSettingPath = (settingId: string) =>
  `${NOTIFICATION_SETTINGS_API}/${encodeURIComponent(settingId)}`;
export const NOTIFICATION_COMPLIANCE_API = `${NOTIFICATION_SETTINGS_API}/compliance`;
/** The caller's own run of 'Match & update all' (README, Jobs). */
export const NOTIFICATION_SETTINGS_MATCH_AND_UPDATE_API = `${NOTIFICATION_SETTINGS_API}/match_and_update`;
export const NOTIFICATION_DESTINATIONS_API = '/api/v1/signals/destinations';
export const HANDOFF_NOTIFICATION_SETTINGS_API = '/api/v1/signals/handoff_notification_settings';
export const handoffNotificationSettingPath = (settingId: string) =>
  `${HANDOFF_NOTIFICATION_SETTINGS_API}/${encodeURIComponent(settingId)}`;
