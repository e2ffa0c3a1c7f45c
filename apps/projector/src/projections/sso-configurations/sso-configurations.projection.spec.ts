import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ssoStream, type SsoEvent } from '@tocsin/domain';
import { MemoryReadStore, SqliteEventStore, type EventStore, type NewEvent } from '@tocsin/platform';
import { applyBatch } from '../../runner/apply-batch';
import { ssoConfigurationsProjection as view } from './sso-configurations.projection';

let seq = 0;
function recorded(event: SsoEvent): NewEvent {
  seq++;
  const commandId = `c${seq}`;
  const metadata = { orgId: 'o1', actorId: 'u0', commandId, correlationId: commandId, causationId: commandId, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };
  return { id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`, type: event.type, data: event.data, metadata };
}

const configured = (organizationId: string, domains: string[]): SsoEvent => ({
  type: 'SsoConfigured', data: { organizationId, issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', domains, enabled: true },
});

describe('single sign-on configurations projection', () => {
  let dir: string;
  let events: EventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tocsin-sso-view-'));
    events = await SqliteEventStore.open({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the latest configuration, forgets a disabled one, and applying the same events twice changes nothing', async () => {
    await events.append(ssoStream('o1'), [recorded(configured('o1', ['a.example'])), recorded(configured('o1', ['b.example']))], 'no_stream');
    await events.append(ssoStream('o2'), [recorded(configured('o2', ['c.example'])), recorded({ type: 'SsoDisabled', data: { organizationId: 'o2' } })], 'no_stream');
    const history = [...(await events.readStream(ssoStream('o1'))), ...(await events.readStream(ssoStream('o2')))].sort((a, b) => a.position - b.position);
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = {
      _id: 'o1', orgId: 'o1', issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', domains: ['b.example'], enabled: true, updatedAt: '2026-01-01T00:00:00.000Z',
      verifiedDomains: [], domainClaims: [{ domain: 'b.example', token: null, verifiedBy: null, verifiedAt: null }],
    };
    expect(await store.find(view.collection)).toEqual([expected]);
    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect((await applyBatch(store, view, { position: null, version: view.version }, history)).changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual([expected]);
  });

  it('signs in only through verified domains: pending ones wait with their token, removed ones are forgotten', async () => {
    const o = (type: string, data: Record<string, unknown>) => recorded({ type, data: { organizationId: 'o3', ...data } } as SsoEvent);
    await events.append(ssoStream('o3'), [
      recorded(configured('o3', ['a.example', 'b.example'])), o('SsoDomainAdded', { domain: 'a.example', token: 'ta' }), o('SsoDomainAdded', { domain: 'b.example', token: 'tb' }),
      o('SsoDomainVerified', { domain: 'a.example', by: 'dns' }), recorded(configured('o3', ['a.example'])), o('SsoDomainRemoved', { domain: 'b.example' }),
    ], 'no_stream');
    const history = await events.readStream(ssoStream('o3'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = expect.objectContaining({ domains: ['a.example'], verifiedDomains: ['a.example'], domainClaims: [{ domain: 'a.example', token: 'ta', verifiedBy: 'dns', verifiedAt: '2026-01-01T00:00:00.000Z' }] });
    expect(await store.find(view.collection)).toEqual([expected]);
    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect(await store.findOne(view.collection, { enabled: true, verifiedDomains: 'a.example' })).not.toBeNull();
    expect(await store.findOne(view.collection, { enabled: true, verifiedDomains: 'b.example' })).toBeNull();
  });
});
