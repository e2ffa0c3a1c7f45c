import request from 'supertest';
import type { TestApp } from '../support/app';

let seq = 0;

/** A valid US number no other test uses, so each test reads only its own messages from the dev mailbox. */
export const freshNumber = () => `+1415555${String(2000 + ((process.pid * 7 + seq++) % 8000)).padStart(4, '0')}`;

/** The newest message the dev outbox kept for a number: its subject names the method. */
export async function lastMessage(
  app: TestApp,
  number: string,
): Promise<{ subject: string; text: string } | undefined> {
  const response = await request(app.url).get('/api/v1/dev/mailbox').query({ to: number }).expect(200);
  return response.body.data[0];
}

/** The code in the newest message to a number. */
export async function lastCode(app: TestApp, number: string): Promise<string> {
  const message = await lastMessage(app, number);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${number}`);
  return code;
}

export const messageCount = async (app: TestApp, number: string) =>
  (await request(app.url).get('/api/v1/dev/mailbox').query({ to: number }).expect(200)).body.data.length as number;

/** A code that is surely not `code`. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export const PHONES = '/api/v1/phones';
