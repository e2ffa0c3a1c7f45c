import type { ChatDestinationKind, PushPlatform } from '@tocsin/domain';

/** One of the caller's Slack or Teams incoming webhooks; the URL is never given back, only `url_hint`. */
export interface ChatDestination {
  id: string;
  type: ChatDestinationKind;
  name: string;
  /** The webhook's host and its last 4 characters, e.g. `hooks.slack.com …a1b2`. */
  url_hint: string;
  verified: boolean;
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/chat_destinations: the webhook is sent a 6-digit code, typed back to verify it. */
export interface AddChatDestinationRequest {
  type: ChatDestinationKind;
  url: string;
  name?: string;
}

export interface VerifyChatDestinationRequest {
  code: string;
}

/** One of the caller's registered push devices; the token is never given back, only `token_hint`. */
export interface PushDevice {
  id: string;
  platform: PushPlatform;
  /** `apns` for iOS, `fcm` for Android and web: the destination type its notification settings use. */
  type: 'apns' | 'fcm';
  name: string;
  token_hint: string;
  created_at: string;
  updated_at: string;
}

/** POST /api/v1/push_devices: what a mobile app sends at each start. */
export interface RegisterPushDeviceRequest {
  token: string;
  platform: PushPlatform;
  name?: string;
}
