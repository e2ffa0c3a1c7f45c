import { PatternCache } from './pattern-cache';

const patterns = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `^${prefix}-${i}-\\d+$`);

describe('PatternCache', () => {
  it("keeps one organization's patterns when another fills its share over and over", () => {
    const cache = new PatternCache(64 * 1024, 1024 * 1024);
    const quiet = patterns('quiet', 5);
    const compiled = quiet.map((source) => cache.get('org-quiet', source));
    for (const source of patterns('noisy', 2000)) cache.get('org-noisy', source);
    expect(cache.bytesOf('org-noisy')).toBeLessThanOrEqual(64 * 1024);
    expect(cache.bytesOf('org-noisy')).toBeGreaterThan(32 * 1024);
    // the quiet organization's compiled patterns are still there, the very same ones: nothing to compile again
    quiet.forEach((source, i) => expect(cache.get('org-quiet', source)).toBe(compiled[i]));
  });

  it('weighs a pattern by its program: large ones leave room for fewer', () => {
    const cache = new PatternCache(64 * 1024, 1024 * 1024);
    cache.get('org', '^small$');
    const small = cache.bytesOf('org');
    cache.get('org', '[a-z]{1,100}');
    expect(cache.bytesOf('org') - small).toBeGreaterThan(5 * small);
  });

  it('evicts the least recently used of the organization first', () => {
    const cache = new PatternCache(8 * 1024, 1024 * 1024);
    const [first, second, ...rest] = patterns('org', 40);
    cache.get('org', first);
    cache.get('org', second);
    for (const source of rest) {
      cache.get('org', first); // kept in use
      cache.get('org', source);
    }
    expect(cache.has('org', first)).toBe(true);
    expect(cache.has('org', second)).toBe(false);
  });

  it('when all shares together are full, takes from the organization holding the most', () => {
    const cache = new PatternCache(64 * 1024, 96 * 1024);
    for (const source of patterns('quiet', 5)) cache.get('org-quiet', source);
    const quietBytes = cache.bytesOf('org-quiet');
    for (const org of ['org-a', 'org-b']) for (const source of patterns(org, 2000)) cache.get(org, source);
    expect(cache.bytesOf('org-quiet')).toBe(quietBytes);
    expect(cache.bytesOf('org-a') + cache.bytesOf('org-b') + quietBytes).toBeLessThanOrEqual(96 * 1024);
  });

  it('remembers a refused pattern as matching nothing, without compiling it again', () => {
    const cache = new PatternCache();
    expect(cache.get('org', `(${'abcdefghij'.repeat(19)}){1000}`)).toBeNull();
    expect(cache.get('org', '(unclosed')).toBeNull();
    expect(cache.has('org', '(unclosed')).toBe(true);
  });
});
