import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { egress, EgressRefused, egressRefusal, isPrivateAddress } from './egress';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local (metadata), shared, reserved and their IPv6 spellings', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
    }
  });
});

describe('egress', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/big') return response.end('x'.repeat(200_000));
      response.writeHead(302, { location: '/elsewhere' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps no more of an answer than the limit', async () => {
    const response = await egress(
      { url: `${url}/big`, method: 'GET' },
      { allowPrivate: true, timeoutMs: 1000, maxResponseBytes: 1000 },
    );
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1000);
  });

  it('does not follow a redirect', async () => {
    const response = await egress(
      { url: `${url}/hop`, method: 'POST', body: '{}' },
      { allowPrivate: true, timeoutMs: 1000 },
    );
    expect(response).toMatchObject({ status: 302, headers: { location: '/elsewhere' } });
  });

  it('refuses a local name after resolving it, and other schemes', async () => {
    const guarded = { allowPrivate: false, timeoutMs: 1000 };
    await expect(egress({ url: url.replace('127.0.0.1', 'localhost'), method: 'GET' }, guarded)).rejects.toBeInstanceOf(
      EgressRefused,
    );
    await expect(egress({ url: 'file:///etc/passwd', method: 'GET' }, guarded)).rejects.toBeInstanceOf(EgressRefused);
  });
});

describe('egressRefusal', () => {
  it('says why an address would be refused: a private literal, a name resolving to one, a scheme not called', async () => {
    const guarded = { allowPrivate: false };
    expect(await egressRefusal('https://10.0.0.8/hook', guarded)).toBe('10.0.0.8 is a private address');
    expect(await egressRefusal('https://localhost:8443/hook', guarded)).toContain('resolves to a private address');
    expect(await egressRefusal('ftp://example.com/x', guarded)).toBe('ftp: addresses are not called');
    expect(await egressRefusal('not a url', guarded)).toBe('the address is not a URL');
  });

  it('lets private addresses through where the operator allows them, and a public literal always', async () => {
    expect(await egressRefusal('http://127.0.0.1:9/hook', { allowPrivate: true })).toBeNull();
    expect(await egressRefusal('https://93.184.215.14/hook', { allowPrivate: false })).toBeNull();
  });
});
