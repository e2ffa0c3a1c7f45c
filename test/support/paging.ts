/**
 * What paging tests share: a local recording server standing for the phone provider (the channel every
 * phone page goes to as the generic HTTP gateway or a Twilio-compatible API), alerts triggered through the command path, and users'
 * notification settings recorded as the settings area records them.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import {
  alertStream,
  type EscalationPolicySnapshot,
  type NotificationType,
  type Priority,
  type TriggerAlert,
} from '@tocsin/domain';
import { alertCommand, notificationSettingsCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { deterministicId } from '../../apps/api/src/shared/event-sourced';
import { systemContext } from '../../apps/api/src/shared/request-context';
import type { INestApplicationContext } from '@nestjs/common';
import type { Clock } from '@tocsin/platform';
import { startApp, type TestApp } from './app';

export interface ReceivedPage {
  kind: NotificationType;
  address: string;
  message: {
    alertId: string;
    /** The attempt id (the generic gateway's `{id}`; from Twilio, unknown: the provider keeps its own sid). */
    attemptId: string;
    text: string;
    shortCode: string | null;
    acknowledgeUrl: string | null;
    resolveUrl: string | null;
  };
  receivedAt: number;
}

export interface RecordingGateway {
  url: string;
  /** The configuration that sends every phone page (sms, voice, WhatsApp) to this server as a generic gateway. */
  env: Record<string, string>;
  /** The same, as a Twilio-compatible API (TWILIO_*), whose inbound replies are signed with `authToken`. */
  twilioEnv(authToken: string): Record<string, string>;
  received: ReceivedPage[];
  /** The next `count` pages are answered with `status` (e.g. 503: retryable, 400: not). */
  failNext(count: number, status: number): void;
  /** The next page is recorded but never answered (a provider that took it, then the caller died). */
  holdNext(): void;
  close(): Promise<void>;
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk));
    request.on('end', () => resolve(text));
  });

const GATEWAY_BODY = '{"kind":"{kind}","to":"{to}","id":"{id}","text":"{text}"}';
const LINK = /\/signals\/alerts\/([^/\s]+)\/actions\/\S+/;

/** What a page says, read back from its text (the channels word it: libs/platform/src/channels/page-text.ts). */
function pageOf(
  kind: NotificationType,
  address: string,
  text: string,
  attemptId: string | null,
): Omit<ReceivedPage, 'receivedAt'> {
  const acknowledgeUrl = /Ack: (\S+)/.exec(text)?.[1] ?? null;
  const resolveUrl = /Resolve: (\S+)/.exec(text)?.[1] ?? null;
  // the attempt id starts with the alert id: {alert}/{episode}/{stage}/{user}/{row}
  const alertId = attemptId ? attemptId.split('/').slice(0, -4).join('/') : (LINK.exec(text)?.[1] ?? '');
  const shortCode = /Reply ACK (\w{6})/.exec(text)?.[1] ?? null;
  return {
    kind,
    address,
    message: { alertId, attemptId: attemptId ?? '', text, shortCode, acknowledgeUrl, resolveUrl },
  };
}

/**
 * The phone provider's local counterpart: records every page it is sent and answers as a provider does,
 * either as the generic HTTP gateway (`env`: a JSON body per page, answered 201 `{ id }`) or as a
 * Twilio-compatible API (`twilioEnv`: Messages.json and Calls.json, answered with a `sid`).
 */
export async function recordingGateway(): Promise<RecordingGateway> {
  const received: ReceivedPage[] = [];
  let failures: number[] = [];
  let hold = false;
  const record = (request: IncomingMessage, text: string): Omit<ReceivedPage, 'receivedAt'> => {
    if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
      const page = JSON.parse(text) as { kind: NotificationType; to: string; id: string; text: string };
      return pageOf(page.kind, page.to, page.text, page.id);
    }
    const form = Object.fromEntries(new URLSearchParams(text));
    const voice = (request.url ?? '').endsWith('/Calls.json');
    const to = form.To ?? '';
    const kind = voice ? 'voice' : to.startsWith('whatsapp:') ? 'whats_app' : 'sms';
    return pageOf(kind, to.replace(/^whatsapp:/, ''), voice ? (form.Twiml ?? '') : (form.Body ?? ''), null);
  };
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      if (hold) {
        hold = false;
        received.push({ ...record(request, text), receivedAt: Date.now() });
        return;
      }
      const status = failures.shift();
      if (status) {
        response.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"refused by the test"}');
        return;
      }
      received.push({ ...record(request, text), receivedAt: Date.now() });
      const id = `SM${received.length}`;
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id, sid: id, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: {
      PAGE_GATEWAY_URL: `${url}/pages`,
      PAGE_GATEWAY_METHOD: 'POST',
      PAGE_GATEWAY_BODY: GATEWAY_BODY,
      PAGE_GATEWAY_CONTENT_TYPE: 'application/json',
      PAGE_GATEWAY_KINDS: 'sms,voice,whats_app',
      // the gateway is on this machine: the egress guard lets it through only when told to
      CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
    twilioEnv: (authToken) => ({
      TWILIO_ACCOUNT_SID: 'AC-test',
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: '+15559990000',
      TWILIO_API_URL: url,
      CHANNELS_ALLOW_PRIVATE_ADDRESSES: 'true',
    }),
    received,
    failNext: (count, status) => (failures = [...failures, ...Array<number>(count).fill(status)]),
    holdNext: () => (hold = true),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The demo organization and its people, as the test app seeds them. */
export const DEMO_ORG = 'org-demo';
export const demoUserId = (role: 'owner' | 'member' | 'collaborator' | 'viewer') =>
  deterministicId(`demo-user/${role}`);

export interface PagingApp {
  app: TestApp;
  gateway: RecordingGateway;
  close(): Promise<void>;
}

/** The app paging through a fresh recording gateway (`env` chooses how to reach it: the generic gateway by default). */
export async function startPagingApp(
  options: { clock?: Clock; env?: (gateway: RecordingGateway) => Record<string, string> } = {},
): Promise<PagingApp> {
  const gateway = await recordingGateway();
  const app = await startApp({ clock: options.clock, env: options.env?.(gateway) ?? gateway.env });
  return {
    app,
    gateway,
    close: async () => {
      await app.close();
      await gateway.close();
    },
  };
}

/** A demo person's phone row (`number` paged as `type` after `delay`), recorded as the settings area records it. */
export const savePhone = (
  app: INestApplicationContext,
  userId: string,
  type: 'sms' | 'voice',
  number: string,
  delay = 'PT0S',
): Promise<string> => saveSetting(app, DEMO_ORG, userId, { notification_type: type, value: number, delay });

/** A setting row as the settings area records it (the destination is taken as available: a test fixture). */
export async function saveSetting(
  app: INestApplicationContext,
  orgId: string,
  userId: string,
  row: { notification_type: NotificationType; value: string; delay: string; priority?: Priority },
): Promise<string> {
  const id = randomUUID();
  const destination = {
    type: row.notification_type === 'email' ? ('email' as const) : ('phone' as const),
    value: row.value,
  };
  await app.get(Commands).run(
    notificationSettingsCommand(
      userId,
      {
        type: 'SaveNotificationSetting',
        id,
        notification_type: row.notification_type,
        destination,
        delay: row.delay,
        notification_priority: row.priority ?? 'HIGH',
        availableDestinations: [destination],
      },
      systemContext(orgId, userId),
    ),
    'notification-settings',
  );
  return id;
}

export const policyOf = (
  steps: EscalationPolicySnapshot['steps'],
  extra: Partial<EscalationPolicySnapshot> = {},
): EscalationPolicySnapshot => ({
  policyId: 'policy-test',
  name: 'Test on-call',
  revision: 1,
  steps,
  repeat: 0,
  ackReminderMinutes: null,
  ...extra,
});

/**
 * Triggers an alert through the command path, as the ingest does once it has routed a payload (until
 * the ingest is merged this is how tests start an escalation). `at` defaults to now: due times count from it.
 */
export async function triggerAlert(
  app: INestApplicationContext,
  input: {
    orgId: string;
    policy: EscalationPolicySnapshot | null;
    teamId?: string;
    at?: string;
    dedupKey?: string;
    sourceId?: string;
  },
): Promise<{ alertId: string; stream: string; position: number | null }> {
  const sourceId = input.sourceId ?? 'source-test';
  const dedupKey = input.dedupKey ?? randomUUID();
  const stream = alertStream(sourceId, createHash('sha256').update(dedupKey).digest('hex'));
  const alertId = deterministicId(stream);
  const teamId = input.teamId ?? 'team-test';
  const command: TriggerAlert = {
    type: 'TriggerAlert',
    alertId,
    orgId: input.orgId,
    sourceId,
    dedupKey,
    at: input.at ?? new Date().toISOString(),
    summary: 'Disk almost full on db-1',
    priority: 'HIGH',
    labels: { alertname: 'DiskFull' },
    links: [],
    routing: { kind: 'default', teamId, escalationPolicyId: input.policy?.policyId ?? null, priority: 'HIGH' },
    policy: input.policy,
  };
  const { position } = await app
    .get(Commands)
    .run(alertCommand(stream, command, systemContext(input.orgId)), 'alert_timeline');
  return { alertId, stream, position };
}
