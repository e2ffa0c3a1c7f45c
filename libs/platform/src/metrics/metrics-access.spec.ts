import { metricsAccess } from './metrics-access';

const TOKEN = 'a-metrics-token-0123456789';

describe('metricsAccess', () => {
  it('with a token: the bearer token alone, from anywhere', () => {
    const from = (authorization?: string, remoteAddress = '203.0.113.7') =>
      metricsAccess(TOKEN, { remoteAddress, headers: authorization === undefined ? {} : { authorization } });
    expect(from(`Bearer ${TOKEN}`)).toBe('allowed');
    expect(from(`bearer ${TOKEN}`)).toBe('allowed');
    expect(from()).toBe('unauthorized');
    expect(from('Bearer ')).toBe('unauthorized');
    expect(from(`Bearer ${TOKEN.slice(0, -1)}`)).toBe('unauthorized');
    expect(from(`Bearer ${TOKEN}0`)).toBe('unauthorized');
    expect(from(TOKEN)).toBe('unauthorized');
    expect(from(`Basic ${TOKEN}`)).toBe('unauthorized');
    // with a token set, being on this machine proves nothing
    expect(from(undefined, '127.0.0.1')).toBe('unauthorized');
  });

  it('without a token: this machine only, and not through a proxy that says it relayed another caller', () => {
    const from = (remoteAddress: string | undefined, headers = {}) =>
      metricsAccess(undefined, { remoteAddress, headers });
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(from(address)).toBe('allowed');
    for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:10.0.0.2', undefined])
      expect(from(address)).toBe('not_here');
    expect(from('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toBe('not_here');
    expect(from('127.0.0.1', { forwarded: 'for=203.0.113.7' })).toBe('not_here');
    expect(from('127.0.0.1', { 'x-real-ip': '203.0.113.7' })).toBe('not_here');
    expect(from('127.0.0.1', { via: '1.1 proxy' })).toBe('not_here');
    // a proxy on this machine that writes no header at all (nginx's default): TRUST_PROXY names it
    expect(metricsAccess(undefined, { remoteAddress: '127.0.0.1', headers: {}, viaTrustedProxy: true })).toBe(
      'not_here',
    );
    // a token sent anyway changes nothing
    expect(from('203.0.113.7', { authorization: `Bearer ${TOKEN}` })).toBe('not_here');
  });
});
