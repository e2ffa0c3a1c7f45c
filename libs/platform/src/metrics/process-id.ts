import { hostname } from 'node:os';

let started = 0;

/**
 * A name for this process among the running ones: its role, host and pid (a container's pid is 1 on every start, so a
 * restarted container keeps its name), and a count when one process hosts several runtimes (tests).
 */
export function processName(role: string): string {
  started += 1;
  return `${role}@${hostname()}:${process.pid}${started > 1 ? `#${started}` : ''}`;
}
