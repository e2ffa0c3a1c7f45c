import type { Request } from 'express';

/** Sec-Fetch-Site values of a navigation this site started, or that the person started (typed, bookmarked). */
const OURS = new Set(['same-origin', 'none']);

const originOf = (address: string | undefined): string | null => {
  if (!address) return null;
  try {
    const origin = new URL(address).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
};

/**
 * Whether a request comes from this site, for the few GETs that change state. Browsers send
 * Sec-Fetch-Site and it decides; without it (older browsers) the Origin or else the Referer must name
 * this site: the address the request was sent to, or `publicUrl`. A request naming neither is refused.
 */
export function isSameOriginNavigation(request: Request, publicUrl: string): boolean {
  const site = request.get('sec-fetch-site');
  if (site) return OURS.has(site.toLowerCase());
  const from = originOf(request.get('origin')) ?? originOf(request.get('referer'));
  if (!from) return false;
  const ours = [originOf(`${request.protocol}://${request.get('host') ?? ''}`), originOf(publicUrl)];
  return ours.includes(from);
}
