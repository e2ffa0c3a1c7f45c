import { sha256Hex } from './sha256';

// Digests computed by node:crypto (the domain imports nothing, so they are written out): padding edges at
// 55, 56 and 64 bytes, multi-byte UTF-8, several blocks.
describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['fingerprint-abc', '9452947cb03ebe3b9181fabc23a0d53332da6de048bd33d8f1d6cf6552d7a091'],
    ['é ☃ 𝄞', '955afcebd2b5d7da2dd5b07108f1be9dca88783614724912e415cfcb74cc7b0e'],
    ['x'.repeat(55), 'd5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072'],
    ['y'.repeat(56), '4877e564e5e36e367c7c8d59670774becd3350610b6df4c399c9fa9b66da5813'],
    ['z'.repeat(64), '72996563049cc84daa2c3f31fd5c3d10770e69d6ebbb8da5b6d76db303dbae43'],
    ['w'.repeat(1000), '04ffd92aef8aafe6f4f8388bc9f7c5b0d39eae37128b1ca693647b8569f8e629'],
  ])('hashes %j as node:crypto does', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });
});
