import { base64url, constantTimeEqual, fromBase64url, hmacSha256, sha256 } from './hmac-sha256';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) => new Uint8Array(text.match(/../g)!.map((pair) => parseInt(pair, 16)));

describe('sha256', () => {
  it('hashes the FIPS 180-4 examples', () => {
    expect(hex(sha256(new TextEncoder().encode('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(sha256(new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('hashes a million a (many blocks)', () => {
    expect(hex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });
});

describe('hmacSha256 (RFC 4231)', () => {
  it.each([
    [
      '0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b',
      '4869205468657265',
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      '4a656665',
      '7768617420646f2079612077616e7420666f72206e6f7468696e673f',
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      'aa'.repeat(131),
      '54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374',
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
  ])('key %s', (key, data, mac) => {
    expect(hex(hmacSha256(fromHex(key), fromHex(data)))).toBe(mac);
  });
});

describe('base64url', () => {
  it('round-trips every length and refuses other spellings', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 37 + n) & 0xff);
      const text = base64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64url(text)).toEqual(bytes);
    }
    expect(fromBase64url('ab+/')).toBeNull();
    expect(fromBase64url('abc=')).toBeNull();
    expect(fromBase64url('a')).toBeNull();
    expect(fromBase64url('AB')).toBeNull(); // trailing bits set: a second spelling of "A" padded
  });
});

describe('constantTimeEqual', () => {
  it('is equality of bytes', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1]), new Uint8Array([1, 2]))).toBe(false);
  });
});
