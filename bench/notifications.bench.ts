import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import {
  SocketEvents,
  type MatchAndUpdateFinishedNotice,
  type OrganizationMatchAndUpdateResult,
} from '@tocsin/contracts';
import { complianceOf, notificationSettingsStream, organizationStream, phoneStream, userStream } from '@tocsin/domain';
import { createLogger, loadConfig, SystemClock, type EventStore, type NewEvent } from '@tocsin/platform';
import { notificationComplianceView, type ComplianceSettingsDoc } from '@tocsin/read-models';
import { createApp } from '../apps/api/src/bootstrap';
import { hashPassword } from '../apps/api/src/sessions/secrets';
import { seedIfEmbedded } from '../apps/api/src/registration/seed';
import { createRuntime } from '../apps/api/src/runtime/runtime';
import { deterministicId } from '../apps/api/src/shared/event-sourced';
import { measureLiveCompliance } from './live-compliance.bench';
import { signIn, tempDir, type Session } from './support';

const ORG = 'org-demo';
/** Members who sign in and keep a preferences page open for the live measurement; the rest never sign in. */
const LIVE_PAGES = 50;
const LIVE_PASSWORD = 'bench-live-password';
const benchEmail = (i: number) => `user${i}@bench.tocsin.dev`;
const seconds = (from: number) => (performance.now() - from) / 1000;

function event(type: string, data: unknown, seed: string): NewEvent {
  const id = deterministicId(`bench/${seed}`);
  return {
    id,
    type,
    data,
    metadata: {
      orgId: ORG,
      actorId: 'bench',
      commandId: id,
      correlationId: id,
      causationId: id,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/**
 * `users` members of the demo organization, each with an email setting (HIGH, 5 mins) and every
 * second one with a verified phone, appended straight to the log: each user's own streams, many at a
 * time (concurrent appends share commits), then the memberships in batches on the organization's stream.
 */
async function populate(store: EventStore, users: number, livePasswordHash: string): Promise<void> {
  let next = 0;
  const one = async (i: number) => {
    const userId = deterministicId(`bench-user/${i}`);
    const email = benchEmail(i);
    const passwordHash = i < LIVE_PAGES ? livePasswordHash : 'not-a-hash';
    await store.append(
      userStream(userId),
      [event('UserRegistered', { userId, email, name: `Bench User ${i}`, passwordHash }, `${i}/user`)],
      'no_stream',
    );
    const setting = {
      id: deterministicId(`bench-setting/${i}`),
      notification_type: 'email',
      destination: { type: 'email', value: email },
      delay: 'PT5M',
      notification_priority: 'HIGH',
    };
    await store.append(
      notificationSettingsStream(userId),
      [event('NotificationSettingSaved', setting, `${i}/setting`)],
      'no_stream',
    );
    if (i % 2 === 1) return;
    const phoneId = deterministicId(`bench-phone/${i}`);
    const phone = { phoneId, userId, number: `+1415${String(1_000_000 + i)}`, method: 'sms' };
    await store.append(
      phoneStream(phoneId),
      [
        event('PhoneAdded', phone, `${i}/phone`),
        event('PhoneVerified', { phoneId, userId, via: 'consent' }, `${i}/verified`),
      ],
      'no_stream',
    );
  };
  await Promise.all(
    Array.from({ length: 256 }, async () => {
      while (next < users) await one(next++);
    }),
  );
  for (let start = 0; start < users; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, users - start) }, (_, k) => {
      const i = start + k;
      return event(
        'MemberAdded',
        { organizationId: ORG, userId: deterministicId(`bench-user/${i}`), role: 'member' },
        `${i}/member`,
      );
    });
    await store.append(organizationStream(ORG), batch, 'any');
  }
}

async function call(url: string, session: Session, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: Record<string, unknown> };
}

/**
 * An organization of `users` members with preferences: (a) one policy change, until every member's
 * compliance answer reflects it; (b) 'Match & update all' for the whole organization over HTTP, until
 * the finished notice reaches the owner's socket.
 */
export async function benchNotifications(users = 10_000) {
  const config = loadConfig({
    DATA_DIR: tempDir('notifications'),
    PORT: '0',
    LOG_LEVEL: 'warn',
    HEALTH_PUSH_INTERVAL_MS: '600000',
  });
  const runtime = await createRuntime(config, new SystemClock(), createLogger(config.LOG_LEVEL));
  await seedIfEmbedded(runtime);
  const app = await createApp(runtime);
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const store = runtime.infra.readStore;
  try {
    const owner = await signIn(url);
    const emailItem = (
      await call(url, owner, 'POST', '/api/v1/signals/notification_policy_items', {
        priority: 'HIGH',
        notification_group_method: 'email',
        max_delay: 'PT5M',
      })
    ).data;

    let t = performance.now();
    await populate(runtime.infra.eventStore, users, await hashPassword(LIVE_PASSWORD));
    await runtime.runner!.waitFor((await runtime.infra.eventStore.headPosition())!);
    const setupSeconds = seconds(t);

    // (a) one change makes every member's 5 min email too slow
    t = performance.now();
    await call(url, owner, 'PATCH', `/api/v1/signals/notification_policy_items/${emailItem.id}`, { max_delay: 'PT1M' });
    await runtime.runner!.waitFor((await runtime.infra.eventStore.headPosition())!);
    const viewMs = performance.now() - t;
    const policy = await notificationComplianceView.policyOf(store, ORG);
    const settingsDocs = await store.find<ComplianceSettingsDoc>(notificationComplianceView.collection, {
      orgId: ORG,
      userId: { $exists: true },
    });
    const stale = settingsDocs.filter((doc) => complianceOf(policy?.items ?? [], doc.settings).compliant).length;
    const policyChange = {
      users: settingsDocs.length,
      viewMs,
      allAnswersMs: performance.now() - t,
      stillCompliant: stale,
    };
    if (stale > 0) throw new Error(`${stale} compliance answers did not reflect the policy change`);

    // (a') open preferences pages see each policy change live; it ends on PT1M, as (a) left it
    const emails = Array.from({ length: Math.min(LIVE_PAGES, users) }, (_, i) => benchEmail(i));
    const live = await measureLiveCompliance(
      url,
      owner,
      { emails, password: LIVE_PASSWORD },
      { itemId: String(emailItem.id), fast: 'PT1M', slow: 'PT10M', changes: 10 },
    );

    // (b) a second item needs a phone: members with one get a voice setting, the others cannot
    await call(url, owner, 'POST', '/api/v1/signals/notification_policy_items', {
      priority: 'MEDIUM',
      notification_group_method: 'voice',
      max_delay: 'PT10M',
    });
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: owner.cookie } });
    await new Promise((resolve) => socket.once(SocketEvents.resync, resolve));
    let progressNotices = 0;
    socket.on(SocketEvents.matchAndUpdateProgress, () => progressNotices++);
    const finished = new Promise<MatchAndUpdateFinishedNotice>((resolve) =>
      socket.on(SocketEvents.matchAndUpdateFinished, resolve),
    );
    t = performance.now();
    const started = (await call(url, owner, 'POST', '/api/v1/signals/notification_policy/match_and_update')).data;
    const notice = await finished;
    const runSeconds = seconds(t);
    socket.disconnect();
    if (notice.id !== started.id || notice.status !== 'completed') throw new Error(`the run ended ${notice.status}`);
    const report = notice.result as OrganizationMatchAndUpdateResult;
    return {
      users,
      setupSeconds,
      policyChange,
      live,
      matchAll: {
        seconds: runSeconds,
        usersPerSec: report.users_total / runSeconds,
        progressNotices,
        report: { ...report, users_not_compliant: report.users_not_compliant.length },
      },
    };
  } finally {
    await app.close();
    await runtime.close();
  }
}
