import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** Starts test/support/oidc-provider.mjs for a client whose redirect URI is `redirectUri`. */
export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const clientId = 'tocsin-test';
  const clientSecret = 'a-long-test-client-secret-1234';
  const child: ChildProcess = spawn(
    process.execPath,
    [join(__dirname, 'oidc-provider.mjs'), clientId, clientSecret, redirectUri],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once('exit', (code) => reject(new Error(`the test identity provider exited (${code})`)));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A browser's cookie jar over fetch: one jar per host (cookies ignore the port, as browsers do). */
export class CookieFetch {
  private readonly jar = new Map<string, Map<string, string>>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const host = new URL(url).hostname;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    const header = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(header && { cookie: header }) },
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair, ...attributes] = set.split(';');
      const [name, ...value] = pair.split('=');
      const expired =
        attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) ||
        attributes.some((a) => /^\s*max-age=0$/i.test(a));
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
    this.jar.set(host, cookies);
    return response;
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  /** Follows redirects (GET) until a response that is not one; answers it and the URL it came from. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.fetch(current, init);
    while (response.status >= 300 && response.status < 400) {
      current = new URL(response.headers.get('location')!, current).href;
      response = await this.fetch(current);
    }
    return { response, url: current };
  }
}
