import { bearerOf, sameSecret } from './bearer';

describe('bearer credentials', () => {
  it('reads the credential of a Bearer header, the scheme in any case, and nothing else', () => {
    expect(bearerOf('Bearer abc.def')).toBe('abc.def');
    expect(bearerOf('bearer  abc ')).toBe('abc');
    expect(bearerOf('Basic abc')).toBeUndefined();
    expect(bearerOf('Bearer a b')).toBeUndefined();
    expect(bearerOf('Bearer ')).toBeUndefined();
    expect(bearerOf(undefined)).toBeUndefined();
  });

  it('compares secrets whatever their lengths', () => {
    expect(sameSecret('s3cret-value', 's3cret-value')).toBe(true);
    expect(sameSecret('s3cret', 's3cret-value')).toBe(false);
    expect(sameSecret('', 's3cret-value')).toBe(false);
  });
});
