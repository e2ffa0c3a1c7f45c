import { io, type Socket } from 'socket.io-client';
import { SocketEvents, ViewNames, type ViewChangedNotice } from '@tocsin/contracts';
import type { TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { DEMO_ORG, demoUserId, policyOf, savePhone, startPagingApp, triggerAlert } from '../support/paging';

const owner = demoUserId('owner');

/** The alert's timeline entries as notices in the organization's room: the detail page updates as pages go out. */
describe('alert timeline, live', () => {
  let app: TestApp;
  let client: Client;
  let close: () => Promise<void>;
  let socket: Socket;
  const notices: ViewChangedNotice[] = [];

  beforeAll(async () => {
    ({ app, close } = await startPagingApp());
    client = await signInAs(app.url, 'owner');
    await savePhone(app.app, owner, 'sms', '+15550000001');
  });
  afterAll(async () => {
    socket?.disconnect();
    await close();
  });

  it("pushes each entry of the alert's timeline, its id led by the alert's", async () => {
    socket = io(app.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: client.cookie } });
    await new Promise((resolve) => socket.once(SocketEvents.resync, resolve));
    socket.on(SocketEvents.viewChanged, (notice: ViewChangedNotice) => {
      if (notice.view === ViewNames.alertTimeline) notices.push(notice);
    });
    const policy = policyOf([{ timeoutMinutes: 5, targets: [{ type: 'user', id: owner }] }]);
    const { alertId } = await triggerAlert(app.app, { orgId: DEMO_ORG, policy });
    const ids = () => notices.flatMap((n) => n.ids);
    const deadline = Date.now() + 5000;
    // triggered, step reached, attempted, sent
    while (ids().length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(ids().length).toBeGreaterThanOrEqual(4);
    expect(ids().every((id) => id.startsWith(`${alertId}/`))).toBe(true);
    expect(notices.every((n) => n.orgId === DEMO_ORG)).toBe(true);
  });
});
