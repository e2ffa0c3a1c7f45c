import { connect, type Socket } from 'node:net';
import { startApp, type TestApp } from '../support/app';
import { signIn, signInAs } from '../support/session';
import { signUp } from '../support/sign-up';
import { alertmanagerPayload, createSource, createTeam, type CreatedSource } from './signals-ingest.support';

/**
 * One tenant's storm must not delay another's pages (ARCHITECTURE.md "Security rules"): while one organization has
 * many payloads in the process, it runs few of them at once, and another organization's payload starts at once
 * beside them instead of waiting for the storm's turns. Order, not time: where B's answer falls among A's.
 */
describe('signals ingest: organizations take turns', () => {
  let app: TestApp;
  let quiet: CreatedSource;
  let busy: CreatedSource;

  beforeAll(async () => {
    app = await startApp();
    const owner = await signInAs(app.url, 'owner');
    quiet = await createSource(owner, {
      name: 'Quiet tenant',
      format: 'generic',
      team_id: await createTeam(owner, 'Quiet'),
    });
    const email = `storm-${Date.now()}@example.com`;
    await signUp(app.url, { name: 'Storm', email, password: 'storm-org-secret', organization_name: 'Storm Org' });
    const stormy = await signIn(app.url, email, 'storm-org-secret');
    busy = await createSource(stormy, {
      name: 'Stormy tenant',
      format: 'alertmanager',
      team_id: await createTeam(stormy, 'Storm'),
      rate_limit_per_minute: 100_000,
    });
  });
  afterAll(() => app.close());

  /** A connection made before anything is sent: its request reaches the server the moment it is written. */
  const open = (): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(app.url).port), '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
    });
  const post = (socket: Socket, path: string, body: unknown, name: string, answered: string[]) => {
    const text = JSON.stringify(body);
    const answer = new Promise<string>((resolve, reject) => {
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.once('end', () => (answered.push(name), resolve(received.slice(0, received.indexOf('\r\n')))));
      socket.once('error', reject);
    });
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
    return answer;
  };

  it("answers a steady tenant's payload among the first, not behind a storm of 40 payloads that arrived before it", async () => {
    const sockets = await Promise.all(Array.from({ length: 42 }, open));
    // the quiet tenant sends now and then (a monitoring tool's steady trickle): it is present when the storm comes
    const warmUp: string[] = [];
    expect(
      await post(sockets[41], `/ingest/${quiet.token}`, { summary: 'Quiet', dedup_key: 'quiet' }, 'quiet', warmUp),
    ).toMatch(/^HTTP\/1.1 202/);
    const log = app.runtime.infra.eventStore;
    const before = (await log.headPosition()) ?? 0;
    const answered: string[] = [];
    // each of the storm's payloads is a group of 50 new alerts, all written at once
    const storm = sockets
      .slice(0, 40)
      .map((socket, i) =>
        post(
          socket,
          `/ingest/${busy.token}/alertmanager`,
          alertmanagerPayload(
            Array.from({ length: 50 }, (_, j) => ({ labels: { alertname: 'DiskFull', instance: `host-${i}-${j}` } })),
          ),
          `storm-${i}`,
          answered,
        ),
      );
    // the quiet tenant's payload comes once the storm is under way (two of its payloads' alerts in the log)
    while (((await log.headPosition()) ?? 0) < before + 100) await new Promise((resolve) => setTimeout(resolve, 2));
    const lines = await Promise.all([
      ...storm,
      post(sockets[40], `/ingest/${quiet.token}`, { summary: 'Quiet', dedup_key: 'quiet' }, 'quiet', answered),
    ]);
    expect(lines.filter((line) => !line.startsWith('HTTP/1.1 202'))).toEqual([]);
    expect(answered).toHaveLength(41);
    // four of the storm's payloads run beside the quiet one, which starts at once (before: sixteen ran, and it
    // waited for one of them to finish)
    expect(answered.indexOf('quiet')).toBeLessThanOrEqual(8);
  });
});
