import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, webhookTargetEventsPath } from '@tocsin/contracts';

/** How a receiver checks a delivery, in Node.js: what the target page shows under "Verify deliveries". */
export const NODE_RECIPE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// header: the ${WEBHOOK_SIGNATURE_HEADER} header; rawBody: the body exactly as received (before JSON.parse)
export function verifyTocsinSignature(header, rawBody, secret, toleranceSeconds = 300) {
  const parts = header.split(',').map((part) => part.trim());
  const t = parts.find((part) => part.startsWith('t='))?.slice(2);
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  // one v1= per secret: two while a secret is being rotated, either may match
  return parts
    .filter((part) => part.startsWith('v1='))
    .map((part) => Buffer.from(part.slice(3), 'hex'))
    .some((got) => got.length === expected.length && timingSafeEqual(got, expected));
}`;

export const PYTHON_RECIPE = `import hashlib, hmac, time

def verify_tocsin_signature(header: str, raw_body: bytes, secret: str, tolerance: int = 300) -> bool:
    parts = [p.strip() for p in header.split(",")]
    t = next((p[2:] for p in parts if p.startswith("t=")), None)
    if t is None or abs(time.time() - int(t)) > tolerance:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(p[3:], expected) for p in parts if p.startswith("v1="))`;

/** A receiver catching up: every event after the last one it applied, page by page. */
export const catchUpRecipe = (origin: string, targetId: string) =>
  `curl -H "Authorization: Bearer $TOCSIN_WEBHOOK_SECRET" \\
  "${origin}${webhookTargetEventsPath(targetId)}?after=$LAST_EVENT_ID"
# answer: { "data": [...events in log order], "next_after": "<id>", "has_more": true|false }`;

export const DUPLICATES_NOTE = `Each delivery carries its event's id in the body ("id") and in ${WEBHOOK_EVENT_ID_HEADER}: a retry or a redelivery repeats it, so keep the ids you applied and drop a repeat.`;
