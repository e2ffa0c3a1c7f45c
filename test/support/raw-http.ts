import { Agent, request } from 'node:http';

export interface RawAnswer {
  status: number;
  body: { error?: string; message?: string; fields?: Record<string, string[]> };
  text: string;
}

// A fresh connection each time: a request the server refuses at the parser closes its socket.
const agent = new Agent({ keepAlive: false });

/**
 * Sends exactly these bytes, path and headers (supertest re-serializes a Buffer as JSON and encodes the
 * path), so a test can send what an attacker would.
 */
export function sendRaw(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: Buffer | string = '',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const withLength =
      body.length > 0 || method !== 'GET' ? { 'content-length': String(Buffer.byteLength(body)), ...headers } : headers;
    const req = request(`${url}${path}`, { method, headers: withLength, agent, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: RawAnswer['body'] = {};
        try {
          parsed = text.startsWith('{') ? JSON.parse(text) : { message: text };
        } catch {
          parsed = { message: text };
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, text });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path.slice(0, 100)} got no answer in 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
