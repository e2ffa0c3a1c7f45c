import { execFileSync } from 'node:child_process';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Synchronous reachability probe, so suites can decide at collection time. */
export function redisReachable(url = REDIS_URL): boolean {
  const { hostname, port } = new URL(url);
  const probe = `const s=require('net').connect(${Number(port) || 6379},'${hostname}');s.on('connect',()=>{s.write('PING\\r\\n')});s.on('data',d=>process.exit(String(d).startsWith('+PONG')?0:1));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1500)`;
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 3000 });
    return true;
  } catch {
    return false;
  }
}
