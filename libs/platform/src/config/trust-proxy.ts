import { compile } from 'proxy-addr';

/** Whether Express's `trust proxy` (proxy-addr) takes these addresses, ranges and names, by asking it. */
const trustable = (entries: string[]): boolean => {
  try {
    compile(entries);
    return true;
  } catch {
    return false;
  }
};

/**
 * TRUST_PROXY, in the forms Express's `trust proxy` takes that name who is trusted: a hop count (`1`:
 * the one proxy in front), or comma-separated addresses, CIDR ranges and the names `loopback`,
 * `linklocal`, `uniquelocal`. Unset trusts no one: X-Forwarded-For is the client's own word then.
 * `true` (trust every hop) is refused: anyone could then choose their address. A value that is none
 * of these is kept as given, for the validator to name.
 */
export function parseTrustProxy({ value }: { value: unknown }): unknown {
  if (value === undefined || value === '') return false;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every((entry) => entry) && trustable(entries) ? entries : value;
}

export const isTrustProxy = (value: unknown): boolean =>
  value === false || (typeof value === 'number' && Number.isSafeInteger(value)) || Array.isArray(value);

export const TRUST_PROXY_FORMAT =
  'TRUST_PROXY must be a hop count (like 1) or comma-separated proxy addresses, CIDR ranges or loopback, linklocal, uniquelocal (like loopback,10.0.0.0/8)';
