import { RE2JS } from 're2js';
import { patternSizeBound } from './pattern-size';

/**
 * Patterns are RE2 (through re2js), not JavaScript's backtracking engine: matching takes time linear in the
 * text, so `(a+)+$` cannot stall ingest (ReDoS). Linear is not cheap, though: the work is the text's length
 * times the program's size, and a legal 200-character pattern compiles to ~190,000 instructions. Both factors
 * are bounded here, so one condition on one alert costs at most a few milliseconds whoever wrote it.
 */

/**
 * Instructions a pattern may compile to: sensible patterns (`^db-\d+$`, a UUID, an address, `[a-z]{2,63}`) are
 * below. With the text bound below, one pattern on one field costs at most a few milliseconds (measured on the
 * worst shapes, such as `[ab]*a[ab]{240}$`, which keep every instruction alive at every character).
 */
export const PATTERN_PROGRAM_MAX = 250;
/** Characters of a field a pattern reads: the start of longer text (summaries and label values are rarely longer). */
export const PATTERN_TEXT_MAX = 256;
/**
 * Instructions all the patterns of one team's rules may compile to together: an alert of the team may run every
 * one of them, so this bounds the work of routing one alert (two of the worst patterns, or some twenty usual ones).
 */
export const TEAM_PATTERN_PROGRAM_MAX = 500;

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

/**
 * Whether a compiled pattern matches somewhere in the start of `text`. Through the matcher rather than `test`:
 * within these bounds re2js runs its bit-state backtracker, whose work is at most text x program (each pair
 * visited once), where `test`'s lazy DFA can build a new state at every character on patterns such as
 * `[ab]*a[ab]{240}$` and take several times longer.
 */
export function patternFinds(regex: RE2JS, text: string): boolean {
  return regex.matcher(text.length > PATTERN_TEXT_MAX ? text.slice(0, PATTERN_TEXT_MAX) : text).find();
}
