import * as dnsPacket from 'dns-packet';
import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface TestDnsServer {
  /** "127.0.0.1:port", for DNS_SERVERS. */
  address: string;
  /** Publishes TXT records at `name` (replacing what was there); an empty list removes them. */
  setTxt(name: string, values: string[]): void;
  /** Answers SERVFAIL for `name` (a broken zone), until setTxt. */
  failFor(name: string): void;
  /** The names asked about, in order. */
  questions: string[];
  stop(): Promise<void>;
}

/**
 * A real DNS server over UDP on 127.0.0.1 answering TXT questions from records the test sets, NXDOMAIN for
 * names it has none for: the app's resolver talks to it exactly as to a public one.
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const failing = new Set<string>();
  const questions: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    questions.push(name);
    const values = question.type === 'TXT' ? (records.get(name) ?? []) : [];
    // RCODE in the flags' low bits: 0 NOERROR, 2 SERVFAIL, 3 NXDOMAIN.
    const rcode = failing.has(name) ? 2 : records.has(name) ? 0 : 3;
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | rcode,
      questions: [question],
      answers: values.map((data) => ({
        type: 'TXT' as const,
        class: 'IN' as const,
        name: question.name,
        ttl: 60,
        data,
      })),
    });
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt(name, values) {
      failing.delete(name.toLowerCase());
      if (values.length === 0) records.delete(name.toLowerCase());
      else records.set(name.toLowerCase(), values);
    },
    failFor(name) {
      failing.add(name.toLowerCase());
    },
    questions,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
