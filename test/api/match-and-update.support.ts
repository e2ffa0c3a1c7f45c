import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { SocketEvents, type MatchAndUpdateFinishedNotice, type MatchAndUpdateProgressNotice } from '@tocsin/contracts';
import type { TestApp } from '../support/app';
import { signIn, type Client } from '../support/session';
import { acceptLinkIn, PASSWORD, tokenOf } from './organization-admin.support';
import { freshNumber } from './phones.support';

export const ITEMS = '/api/v1/signals/notification_policy_items';
export const SETTINGS = '/api/v1/signals_notification_settings';
export const PERSONAL = `${SETTINGS}/match_and_update`;
export const ORGANIZATION = '/api/v1/signals/notification_policy/match_and_update';

export const compliance = async (client: Client) => (await client.get(`${SETTINGS}/compliance`).expect(200)).body.data;
export const meOf = async (client: Client) =>
  (await client.get('/api/v1/me').expect(200)).body.data.user as { id: string; name: string; email: string };

export async function addItem(
  owner: Client,
  priority: string,
  notification_group_method: string,
  max_delay: string,
): Promise<string> {
  return (await owner.post(ITEMS).send({ priority, notification_group_method, max_delay }).expect(201)).body.data.id;
}

/** A verified phone at once (the app runs with SIMPLE_PHONE_VERIFICATION=true). */
export async function addPhone(client: Client): Promise<string> {
  const number = freshNumber();
  await client.post('/api/v1/phones').send({ number, consent: true }).expect(201);
  return number;
}

/** Invites `email` into the owner's organization with `role`, accepts, and signs the new user in. */
export async function invited(app: TestApp, owner: Client, email: string, role: string): Promise<Client> {
  await owner.post('/api/v1/invitations').send({ email, role }).expect(201);
  const [mail] = (await request(app.url).get('/api/v1/dev/mailbox').query({ to: email }).expect(200)).body.data;
  const token = tokenOf(acceptLinkIn(mail.text));
  await request(app.url)
    .post(`/api/v1/invitations/${token}/accept`)
    .send({ name: `Person ${email.split('@')[0]}`, password: PASSWORD })
    .expect(201);
  return signIn(app.url, email, PASSWORD);
}

/**
 * A socket signed in as `client` that keeps every match-and-update notice from the start: a run may
 * finish before its POST has answered, so notices are matched to the id afterwards.
 */
export class RunNotices {
  readonly progress: MatchAndUpdateProgressNotice[] = [];
  private readonly finished: MatchAndUpdateFinishedNotice[] = [];
  private readonly waiting = new Set<() => void>();

  private constructor(readonly socket: Socket) {
    socket.on(SocketEvents.matchAndUpdateProgress, (notice: MatchAndUpdateProgressNotice) =>
      this.progress.push(notice),
    );
    socket.on(SocketEvents.matchAndUpdateFinished, (notice: MatchAndUpdateFinishedNotice) => {
      this.finished.push(notice);
      for (const wake of this.waiting) wake();
    });
  }

  static async open(app: TestApp, client: Client): Promise<RunNotices> {
    const socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: client.cookie },
    });
    await new Promise((resolve) => socket.once(SocketEvents.resync, resolve));
    return new RunNotices(socket);
  }

  progressOf(id: string) {
    return this.progress.filter((notice) => notice.id === id).map(({ done, total, scope }) => ({ done, total, scope }));
  }

  finishedOf(id: string, timeoutMs = 20_000): Promise<MatchAndUpdateFinishedNotice> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.finished.find((notice) => notice.id === id);
        if (!found) return;
        this.waiting.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(
        () => (
          this.waiting.delete(check),
          reject(new Error(`no ${SocketEvents.matchAndUpdateFinished} for ${id} within ${timeoutMs} ms`))
        ),
        timeoutMs,
      );
      this.waiting.add(check);
      check();
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}
