import { isIP } from 'node:net';

/** Express's names for address ranges (proxy-addr). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  // a prefix length, or (IPv4) a dotted netmask, as proxy-addr accepts
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(bits) === 4;
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
  return entries.every((entry) => entry && isAddressOrRange(entry)) ? entries : value;
}

export const isTrustProxy = (value: unknown): boolean => value === false || (typeof value === 'number' && Number.isSafeInteger(value)) || Array.isArray(value);

export const TRUST_PROXY_FORMAT = 'TRUST_PROXY must be a hop count (like 1) or comma-separated proxy addresses, CIDR ranges or loopback, linklocal, uniquelocal (like loopback,10.0.0.0/8)';
