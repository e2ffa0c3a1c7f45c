import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  httpVersion: string;
}

export interface Reply {
  status: number;
  body?: string | object;
  headers?: Record<string, string>;
  /** Answer this late (longer than the client's timeout: a timeout). */
  delayMs?: number;
}

/**
 * The local counterpart of every HTTP provider in tests: a server on a random local port that records each
 * request and answers as told: a Twilio-compatible API, a generic SMS gateway, Slack and Teams webhooks, FCM and
 * its token endpoint over HTTP/1.1, APNs over HTTP/2 (cleartext, `{ http2: true }`). Answers 200 {} unless `on`
 * or `next` say otherwise.
 */
export class RecordingServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queued: Reply[] = [];
  private handler: (request: RecordedRequest) => Reply = () => ({ status: 200, body: {} });
  private readonly sockets = new Set<Socket>();
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: ReturnType<typeof createServer> | ReturnType<typeof createHttp2Server>,
    readonly url: string,
  ) {}

  static async start(options: { http2?: boolean } = {}): Promise<RecordingServer> {
    let self: RecordingServer | null = null;
    const handle = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) =>
      self!.handle(req, res);
    const server = options.http2 ? createHttp2Server(handle) : createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new RecordingServer(server, `http://127.0.0.1:${port}`);
    server.on('connection', (socket: Socket) => {
      self!.sockets.add(socket);
      socket.on('close', () => self!.sockets.delete(socket));
    });
    return self;
  }

  /** How to answer every request from now on. */
  on(handler: (request: RecordedRequest) => Reply): this {
    this.handler = handler;
    return this;
  }

  /** The next request's answer (queued before `on`'s). */
  next(reply: Reply): this {
    this.queued.push(reply);
    return this;
  }

  /** The last request recorded, for assertions. */
  get last(): RecordedRequest {
    return this.requests[this.requests.length - 1];
  }

  async waitForRequests(count: number): Promise<void> {
    while (this.requests.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        httpVersion: req.httpVersion,
      };
      this.requests.push(recorded);
      this.waiters.splice(0).forEach((wake) => wake());
      const reply = this.queued.shift() ?? this.handler(recorded);
      // both response kinds share this much; their writeHead overloads do not unify
      const out = res as ServerResponse;
      const answer = () => {
        if (out.destroyed) return;
        const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        out.writeHead(reply.status, {
          'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
          ...reply.headers,
        });
        out.end(body);
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  }
}

/** A form body (Twilio's requests) as an object. */
export const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));
