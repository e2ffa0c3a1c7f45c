import { RE2JS } from 're2js';
import { patternSizeBound } from './pattern-size';

describe('patternSizeBound', () => {
  it.each([
    '^disk .* db-\\d$',
    '(?i)disk.*full',
    '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    '(\\d{1,3}\\.){3}\\d{1,3}',
    '[a-z]{2,63}\\.example',
    '(\\w+\\s*){1,50}$',
    '(a{1,30}){1,30}',
    '((a{1,10}){1,10}){1,10}',
    '(a(b(c(d){10}){10}){10})',
    '(.{1,1000})',
    '(abcdefghij){1000}',
    '(ab|cd|ef|gh){1000}',
    '(a{1,1000}|b{1,1000})',
    'x{5,}',
    '(?:a+?b*?){100}',
    '(?P<x>abc){20}',
    '(a|)(|b){7}',
    '((((a))))',
    '',
    // escapes and classes whose brackets are not structure
    '\\Qa.b(\\E{100}',
    '[[:alpha:])]{100}',
    '[]a)]{50}',
    '[^]a]{50}(x|y){3,}',
    '[a\\]b)]{100}',
    '\\p{Greek}{100}',
    '\\x{263a}{10}',
  ])('is at least the compiled size of %s', (pattern) => {
    const compiled = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE).programSize();
    expect(patternSizeBound(pattern)).toBeGreaterThanOrEqual(compiled);
  });

  it('sees the repetition that multiplies a long group without compiling it', () => {
    expect(patternSizeBound(`(${'abcdefghij'.repeat(19)}){1000}`)).toBeGreaterThan(190_000);
  });
});
