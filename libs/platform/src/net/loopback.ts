import { compile } from 'proxy-addr';

/** proxy-addr's own `loopback` range (127.0.0.0/8, ::1, and either mapped into IPv6), as TRUST_PROXY uses it. */
const loopback = compile('loopback');

/**
 * Whether a socket's peer address is this machine. Read from the socket, never from X-Forwarded-For:
 * a header is whatever the caller says it is.
 */
export function isLoopback(address: string | undefined): boolean {
  return !!address && loopback(address, 0);
}
