import { RE2JS } from 're2js';
import { patternSizeBound } from './pattern-size';

/**
 * Patterns are RE2 (through re2js), not JavaScript's backtracking engine: matching takes time linear in the
 * text, so `(a+)+$` cannot stall ingest (ReDoS). Linear is not cheap, though: the work is the text's length
 * times the program's size, and a legal 200-character pattern compiles to ~190,000 instructions. Both factors
 * are bounded here, so one condition on one alert costs at most a few milliseconds whoever wrote it.
 */

/** Instructions a pattern may compile to: every sensible pattern (`^db-\d+$`, a UUID, `[a-z]{2,63}`) is far below. */
export const PATTERN_PROGRAM_MAX = 1000;
/** Characters of a field a pattern reads (the start of the text; a summary holds at most 1024 already). */
export const PATTERN_TEXT_MAX = 1024;

export type PatternProblem = 'invalid' | 'too_complex';

/**
 * The compiled pattern, or why it is refused. A pattern is judged by the size its text promises before it is
 * compiled, so refusing the worst costs nothing; the bound errs high, hence the margin, and the compiled size
 * decides.
 */
export function compilePattern(source: string): RE2JS | PatternProblem {
  if (patternSizeBound(source) > 2 * PATTERN_PROGRAM_MAX) return 'too_complex';
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch {
    return 'invalid';
  }
  return regex.programSize() > PATTERN_PROGRAM_MAX ? 'too_complex' : regex;
}

/** Whether a compiled pattern matches somewhere in the start of `text` (no captures: the fastest engine). */
export function patternFinds(regex: RE2JS, text: string): boolean {
  return regex.test(text.length > PATTERN_TEXT_MAX ? text.slice(0, PATTERN_TEXT_MAX) : text);
}
