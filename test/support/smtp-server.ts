import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message, quoted-printable soft breaks and escapes undone so a long link reads whole. */
  raw: string;
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A real SMTP server on a random local port that keeps what it is sent (smtp-server, as the mail tests use it).
 * `refuse` answers a recipient with an SMTP error, e.g. { 'full@x': 452, 'nobody@x': 550 }.
 */
export class LocalSmtpServer {
  readonly received: ReceivedMail[] = [];
  readonly refuse = new Map<string, number>();
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<LocalSmtpServer> {
    let self: LocalSmtpServer | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const code = self?.refuse.get(address.address);
        if (!code) return callback();
        const error = new Error(`${code === 452 ? 'Mailbox full, try later' : 'No such user'}`) as Error & {
          responseCode: number;
        };
        error.responseCode = code;
        callback(error);
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          self?.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: decodeQuotedPrintable(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    self = new LocalSmtpServer(server, `smtp://127.0.0.1:${port}`);
    return self;
  }

  /** The mail sent to one address, newest last. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(resolve));
  }
}
