import { ssoStream, type SsoEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  MemoryReadStore,
  applyBatch,
} from '../../../../../test/support/projection-spec';
import { ssoConfigurationsProjection as view } from './sso-configurations.projection';

const recorded = eventRecorder<SsoEvent>({ orgId: 'o1', actorId: 'u0' });

const configured = (organizationId: string, domains: string[]): SsoEvent => ({
  type: 'SsoConfigured',
  data: { organizationId, issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 's', domains, enabled: true },
});

describe('single sign-on configurations projection', () => {
  const log = eventLogPerTest('sso');

  it('keeps the latest configuration, forgets a disabled one, and applying the same events twice changes nothing', async () => {
    await log.events.append(
      ssoStream('o1'),
      [recorded(configured('o1', ['a.example'])), recorded(configured('o1', ['b.example']))],
      'no_stream',
    );
    await log.events.append(
      ssoStream('o2'),
      [recorded(configured('o2', ['c.example'])), recorded({ type: 'SsoDisabled', data: { organizationId: 'o2' } })],
      'no_stream',
    );
    const history = [
      ...(await log.events.readStream(ssoStream('o1'))),
      ...(await log.events.readStream(ssoStream('o2'))),
    ].sort((a, b) => a.position - b.position);
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = {
      _id: 'o1',
      orgId: 'o1',
      issuer: 'https://idp.example.com',
      clientId: 'c',
      clientSecret: 's',
      domains: ['b.example'],
      enabled: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
      verifiedDomains: [],
      domainClaims: [{ domain: 'b.example', token: null, verifiedBy: null, verifiedAt: null }],
    };
    expect(await store.find(view.collection)).toEqual([expected]);
    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect((await applyBatch(store, view, { position: null, version: view.version }, history)).changes).toEqual([]);
    expect(await store.find(view.collection)).toEqual([expected]);
  });

  it('signs in only through verified domains: pending ones wait with their token, removed ones are forgotten', async () => {
    const o = (type: string, data: Record<string, unknown>) =>
      recorded({ type, data: { organizationId: 'o3', ...data } } as SsoEvent);
    await log.events.append(
      ssoStream('o3'),
      [
        recorded(configured('o3', ['a.example', 'b.example'])),
        o('SsoDomainAdded', { domain: 'a.example', token: 'ta' }),
        o('SsoDomainAdded', { domain: 'b.example', token: 'tb' }),
        o('SsoDomainVerified', { domain: 'a.example', by: 'dns' }),
        recorded(configured('o3', ['a.example'])),
        o('SsoDomainRemoved', { domain: 'b.example' }),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(ssoStream('o3'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const expected = expect.objectContaining({
      domains: ['a.example'],
      verifiedDomains: ['a.example'],
      domainClaims: [{ domain: 'a.example', token: 'ta', verifiedBy: 'dns', verifiedAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect(await store.find(view.collection)).toEqual([expected]);
    expect((await applyBatch(store, view, first.checkpoint, history)).changes).toEqual([]);
    expect(await store.findOne(view.collection, { enabled: true, verifiedDomains: 'a.example' })).not.toBeNull();
    expect(await store.findOne(view.collection, { enabled: true, verifiedDomains: 'b.example' })).toBeNull();
  });
});
