import { isIP } from 'node:net';

/**
 * Whether a socket's peer address is this machine: 127.0.0.0/8, ::1, or either mapped into IPv6.
 * Read from the socket, never from X-Forwarded-For: a header is whatever the caller says it is.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}
