import { isLoopback } from './loopback';

describe('isLoopback', () => {
  it('knows this machine in every spelling a socket reports it', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])
      expect(isLoopback(address)).toBe(true);
  });

  it('refuses every other address, and none at all', () => {
    for (const address of [
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:192.0.2.2',
      'fd00::2',
      'fe80::1',
      '0.0.0.0',
      '::',
      '128.0.0.1',
      'localhost',
      '',
      undefined,
    ]) {
      expect(isLoopback(address)).toBe(false);
    }
  });
});
