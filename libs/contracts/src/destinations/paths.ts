/** A person's Slack and Teams webhooks and push devices (issue 20): the destinations beside phones and emails. */
export const CHAT_DESTINATIONS_API = '/api/v1/chat_destinations';
export const chatDestinationPath = (id: string) => `${CHAT_DESTINATIONS_API}/${encodeURIComponent(id)}`;
export const chatDestinationVerifyPath = (id: string) => `${chatDestinationPath(id)}/verify`;
export const chatDestinationResendPath = (id: string) => `${chatDestinationPath(id)}/resend`;

/** Where a mobile app registers the token its platform gave it (documented in the OpenAPI at /api/docs). */
export const PUSH_DEVICES_API = '/api/v1/push_devices';
export const pushDevicePath = (id: string) => `${PUSH_DEVICES_API}/${encodeURIComponent(id)}`;
