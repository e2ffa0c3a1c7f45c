/**
 * An upper bound of the RE2 program a pattern compiles to, read from its text without compiling it. Compiling
 * is what costs: a legal 200-character pattern such as `(aaa…){1000}` compiles to ~190,000 instructions in a
 * quarter of a second, so a pattern is judged by this bound first and compiled only when it is small.
 *
 * The sizes follow re2js's own (its parser's `calcSize`): a literal character, a class or an escape is one
 * instruction, a group two more than its content, an alternation one per `|`, `*` `+` `?` at most two, and a
 * counted repetition `x{n,m}` is `m` copies of `x` plus `m - n` choices. Where the text is ambiguous to this
 * reading it errs high; the compiled program's own size is checked afterwards anyway.
 */
interface Frame {
  /** Size of the items of the group that are complete. */
  done: number;
  /** Size of the item a repetition operator would apply to. */
  last: number;
}

const REPEAT = /^\{(\d+)(,(\d*))?\}/;

export function patternSizeBound(source: string): number {
  const stack: Frame[] = [];
  let frame: Frame = { done: 0, last: 0 };
  const item = (size: number) => {
    frame.done += frame.last;
    frame.last = size;
  };
  const closeGroup = () => {
    const inner = frame.done + frame.last;
    frame = stack.pop()!;
    item(inner + 2);
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      i = escapeEnd(source, i, item);
    } else if (c === '[') {
      i = classEnd(source, i);
      item(1);
    } else if (c === '(') {
      stack.push(frame);
      frame = { done: 0, last: 0 };
      i++;
    } else if (c === ')' && stack.length > 0) {
      closeGroup();
      i++;
    } else if (c === '|') {
      frame.done += frame.last + 1;
      frame.last = 0;
      i++;
    } else if (c === '*' || c === '+' || c === '?') {
      frame.last += 2;
      i++;
    } else if (c === '{' && REPEAT.test(source.slice(i, i + 24))) {
      const [text, min, comma, max] = REPEAT.exec(source.slice(i, i + 24))!;
      const upper = comma === undefined ? Number(min) : max === '' ? Number(min) + 1 : Number(max);
      frame.last = Math.max(upper, 1) * frame.last + upper + 2;
      i += text.length;
    } else {
      item(1);
      i++;
    }
  }
  while (stack.length > 0) closeGroup();
  // the program's own instructions around the pattern (fail, an empty pattern's no-op, match)
  return frame.done + frame.last + 3;
}

/** Past an escape: `\Q…\E` quotes literal text (each character one instruction), `\p{…}` and `\x{…}` are one. */
function escapeEnd(source: string, at: number, item: (size: number) => void): number {
  const kind = source[at + 1];
  if (kind === 'Q') {
    const end = source.indexOf('\\E', at + 2);
    const stop = end < 0 ? source.length : end;
    item(Math.max(1, stop - at - 2));
    return end < 0 ? stop : end + 2;
  }
  item(1);
  if ((kind === 'p' || kind === 'P' || kind === 'x') && source[at + 2] === '{') {
    const close = source.indexOf('}', at + 3);
    return close < 0 ? source.length : close + 1;
  }
  return at + 2;
}

/** Past a character class: a `]` first (after `[` or `[^`) is literal, `[:alpha:]` and escapes are inside it. */
function classEnd(source: string, at: number): number {
  let i = at + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') i++;
  while (i < source.length) {
    if (source[i] === '\\') i += 2;
    else if (source[i] === ']') return i + 1;
    else if (source.startsWith('[:', i) && source.indexOf(':]', i + 2) >= 0) i = source.indexOf(':]', i + 2) + 2;
    else i++;
  }
  return i;
}
