import { io, type Socket } from 'socket.io-client';
import { SocketEvents, type ViewChangedNotice } from '@tocsin/contracts';
import { notificationComplianceView } from '@tocsin/read-models';
import { percentile, signIn, type Session } from './support';

const COMPLIANCE = '/api/v1/signals_notification_settings/compliance';
/** A page that never sees the change within this long counts as lost (and fails the run). */
const GIVE_UP_MS = 10_000;

/** One member's open preferences page: a signed-in socket in the organization's room, and its session for the refetch. */
interface OpenPage {
  session: Session;
  socket: Socket;
}

async function openPage(url: string, email: string, password: string): Promise<OpenPage> {
  const session = await signIn(url, email, password);
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: session.cookie } });
  await new Promise((resolve) => socket.once(SocketEvents.resync, resolve));
  return { session, socket };
}

async function compliant(url: string, page: OpenPage): Promise<boolean> {
  const response = await fetch(`${url}${COMPLIANCE}`, { headers: { cookie: page.session.cookie } });
  if (!response.ok) throw new Error(`GET compliance: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { compliant: boolean } }).data.compliant;
}

/**
 * Milliseconds from `sentAt` until this page shows `expected`: as the web page does, every compliance
 * notice makes it refetch its compliance; the first answer that reflects the change ends the wait.
 */
function shows(url: string, page: OpenPage, expected: boolean, sentAt: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      page.socket.off(SocketEvents.viewChanged, onNotice);
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`a page did not show the change within ${GIVE_UP_MS} ms`))),
      GIVE_UP_MS,
    );
    const onNotice = (notice: ViewChangedNotice) => {
      if (notice.view !== notificationComplianceView.name) return;
      compliant(url, page).then(
        (now) => now === expected && finish(() => resolve(performance.now() - sentAt)),
        (error: unknown) => finish(() => reject(error)),
      );
    };
    page.socket.on(SocketEvents.viewChanged, onNotice);
  });
}

/**
 * SPEC: when an owner changes the policy, every open preferences page of the organization shows the
 * new compliance within a second. `members` pages are open; the owner flips `itemId`'s max_delay
 * between `slow` (members compliant) and `fast` (not) `changes` times, ending on `fast`; each page's
 * time is from the PATCH being sent until its notice arrived and the compliance it then read was new.
 */
export async function measureLiveCompliance(
  url: string,
  owner: Session,
  pages: { emails: string[]; password: string },
  policy: { itemId: string; fast: string; slow: string; changes: number },
) {
  const open: OpenPage[] = [];
  for (const email of pages.emails) open.push(await openPage(url, email, pages.password));
  const latencies: number[] = [];
  try {
    for (let change = 0; change < policy.changes; change++) {
      const toSlow = change % 2 === 0;
      const sentAt = performance.now();
      const waits = open.map((page) => shows(url, page, toSlow, sentAt));
      const response = await fetch(`${url}/api/v1/signals/notification_policy_items/${policy.itemId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrf },
        body: JSON.stringify({ max_delay: toSlow ? policy.slow : policy.fast }),
      });
      if (!response.ok) throw new Error(`PATCH policy item: ${response.status} ${await response.text()}`);
      latencies.push(...(await Promise.all(waits)));
    }
  } finally {
    for (const page of open) page.socket.disconnect();
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    pages: open.length,
    changes: policy.changes,
    samples: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1],
  };
}
