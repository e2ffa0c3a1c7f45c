import { base64url, constantTimeEqual, fromBase64url, hmacSha256, sha256 } from '../../shared/hmac-sha256';

/**
 * The one-click acknowledge and resolve links of a page (ARCHITECTURE.md, "Signals"): whoever holds the link
 * acts as the paged user, without signing in, so the token is signed (HMAC-SHA256 with ACTION_LINK_SECRET),
 * expires, and is good for one action on one episode of one alert. Using it is an ordinary command, whose decider
 * makes a second use harmless (an acknowledged alert is not acknowledged twice).
 *
 * Token: base64url(JSON [version, alertId, episode, action, userId, expiresAt]) "." base64url(HMAC of that text).
 */
export const ACTION_LINK_ACTIONS = ['acknowledge', 'resolve'] as const;
export type ActionLinkAction = (typeof ACTION_LINK_ACTIONS)[number];

export interface ActionLinkClaims {
  alertId: string;
  episode: number;
  action: ActionLinkAction;
  userId: string;
  /** ISO-8601 instant from which the link is refused (kept to the millisecond). */
  expiresAt: string;
}

/** Why a token is refused: each is a different page for the person who clicked. */
export type ActionLinkRefusal = 'malformed' | 'bad_signature' | 'expired' | 'wrong_action';

export type ActionLinkCheck = { ok: true; claims: ActionLinkClaims } | { ok: false; reason: ActionLinkRefusal };

const VERSION = 1;
/** Links live in mailboxes and chat history: long enough for a night's escalation, short enough to go stale. */
export const ACTION_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const mac = (payload: string, secret: string) => hmacSha256(secret, `tocsin-action-link.${payload}`);

/** Throws on an `expiresAt` that is not an instant: a link that never expires must not be made by mistake. */
export function signAction(claims: ActionLinkClaims, secret: string): string {
  const { alertId, episode, action, userId } = claims;
  const expiresAt = Date.parse(claims.expiresAt);
  if (!Number.isSafeInteger(expiresAt)) throw new Error(`expiresAt is not an ISO-8601 instant: ${claims.expiresAt}`);
  const payload = base64url(
    new TextEncoder().encode(JSON.stringify([VERSION, alertId, episode, action, userId, expiresAt])),
  );
  return `${payload}.${base64url(mac(payload, secret))}`;
}

/**
 * Checks the signature first (nothing in an unsigned token is believed), then the expiry, then, when the endpoint
 * names the action it performs, that the token was made for that action: an acknowledge link never resolves.
 */
/** `now` in epoch milliseconds (the injected clock's `now()`). */
export function verifyAction(
  token: string,
  secret: string,
  now: number,
  expectedAction?: ActionLinkAction,
): ActionLinkCheck {
  if (typeof token !== 'string' || token.length > 2048) return { ok: false, reason: 'malformed' };
  const [payload, signature, ...rest] = token.split('.');
  const given = fromBase64url(signature ?? '');
  if (rest.length > 0 || !payload || !fromBase64url(payload) || given?.length !== 32) {
    return { ok: false, reason: 'malformed' };
  }
  // hashing both sides keeps the comparison's length fixed whatever was sent
  if (!constantTimeEqual(sha256(given), sha256(mac(payload, secret)))) return { ok: false, reason: 'bad_signature' };
  const claims = parseClaims(payload);
  if (!claims) return { ok: false, reason: 'malformed' };
  if (now >= Date.parse(claims.expiresAt)) return { ok: false, reason: 'expired' };
  if (expectedAction && claims.action !== expectedAction) return { ok: false, reason: 'wrong_action' };
  return { ok: true, claims };
}

function parseClaims(payload: string): ActionLinkClaims | null {
  const bytes = fromBase64url(payload);
  if (!bytes) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 6 || parsed[0] !== VERSION) return null;
  const [, alertId, episode, action, userId, expiresAt] = parsed as unknown[];
  if (
    typeof alertId !== 'string' ||
    typeof userId !== 'string' ||
    !Number.isSafeInteger(episode) ||
    !Number.isSafeInteger(expiresAt) ||
    !ACTION_LINK_ACTIONS.includes(action as ActionLinkAction)
  ) {
    return null;
  }
  return {
    alertId,
    episode: episode as number,
    action: action as ActionLinkAction,
    userId,
    expiresAt: new Date(expiresAt as number).toISOString(),
  };
}
