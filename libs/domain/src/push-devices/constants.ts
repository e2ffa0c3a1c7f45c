import { FIELD_MESSAGES } from '../shared/field-rules';
import type { NotificationType } from '../notification-preferences/notification-types';

/**
 * A person's push devices (issue 20): the mobile app registers the token its platform gave it. iOS devices are
 * paged through APNs, Android and web (FCM's web push) through FCM, so a device is an `apns` or an `fcm`
 * destination (SPEC.md section 3, both shown as Push). The bounds are ours.
 */
export const PUSH_PLATFORMS = ['ios', 'android', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];
export const isPushPlatform = (value: unknown): value is PushPlatform =>
  typeof value === 'string' && (PUSH_PLATFORMS as readonly string[]).includes(value);

export const PUSH_PLATFORM_TYPES: Record<PushPlatform, Extract<NotificationType, 'apns' | 'fcm'>> = {
  ios: 'apns',
  android: 'fcm',
  web: 'fcm',
};

export const MAX_PUSH_DEVICES_PER_USER = 20;
export const PUSH_DEVICE_NAME_MAX_LENGTH = 100;

/** What each provider takes as a device address (the adapters in libs/platform refuse anything else too). */
export const PUSH_TOKEN_PATTERNS: Record<'apns' | 'fcm', RegExp> = {
  apns: /^[0-9a-fA-F]{64,200}$/,
  fcm: /^[\w:.-]{20,4096}$/,
};

export const PUSH_DEVICE_MESSAGES = {
  platform: FIELD_MESSAGES.oneOf('platform', PUSH_PLATFORMS),
  tokenRequired: 'token is a required field',
  tokenApns: 'token must be an APNs device token: 64 to 200 hexadecimal characters',
  tokenFcm: 'token must be an FCM registration token: 20 to 4096 letters, digits and : . _ -',
  name: FIELD_MESSAGES.maxLength('name', PUSH_DEVICE_NAME_MAX_LENGTH),
  tooMany: `You can keep at most ${MAX_PUSH_DEVICES_PER_USER} push devices`,
  notFound: 'Device not found',
} as const;

/** The token's problem for its platform, if any (judged once the platform is known). */
export function pushTokenProblem(platform: PushPlatform, token: unknown): string | null {
  if (token === undefined || token === null || token === '') return PUSH_DEVICE_MESSAGES.tokenRequired;
  const type = PUSH_PLATFORM_TYPES[platform];
  if (typeof token === 'string' && PUSH_TOKEN_PATTERNS[type].test(token)) return null;
  return type === 'apns' ? PUSH_DEVICE_MESSAGES.tokenApns : PUSH_DEVICE_MESSAGES.tokenFcm;
}

/** A token as it may be shown: its last 6 characters. */
export const maskPushToken = (token: string) => `…${token.slice(-6)}`;
