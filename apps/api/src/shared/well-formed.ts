/**
 * The checks every parsed request input passes before a DTO sees it. Each exists because a library
 * further on fails on such input with a 500 rather than a 400: class-transformer recurses once per
 * level (2,500 levels overflow the stack), validator's isEmail calls encodeURI (a lone surrogate throws
 * URIError), a NUL cuts text short in what it is handed on to, and a `__proto__` key is a
 * prototype-pollution attempt wherever it is copied.
 */
export const MAX_DEPTH = 32;

const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max` levels, read byte by byte before any parser sees it: a parse,
 * or anything after it that recurses (JSON.stringify, class-transformer), can overflow the stack on some
 * Node.js lines (22.16 answers 500 for 50,000 levels), and this scan cannot. Text that is not JSON is left
 * to the parser to refuse.
 */
export function nestedTooDeeply(text: Buffer, max = MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPEN.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(byte)) depth--;
  }
  return false;
}

export interface InputProblem {
  /** The dotted path of the offending field, when there is one to name. */
  field?: string;
  message: string;
}

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_KEYS = new Set(['__proto__']);

const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);
// No field of ours holds binary; a NUL truncates text in C libraries, logs and mail headers downstream.
const hasNul = (text: string) => text.includes('\u0000');
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const printable = (key: string) =>
  (hasLoneSurrogate(key) ? key.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD') : key).slice(0, 100);

const unpaired = (field: string): InputProblem => ({
  field,
  message: `${field} must be well-formed text (it holds an unpaired surrogate)`,
});
const nul = (field: string): InputProblem => ({ field, message: `${field} must not hold a null character (\\u0000)` });

/** Walks without recursion, so the walk itself cannot overflow the stack it guards. */
function check(root: unknown, rootPath: string, nestedTooDeeply: string): InputProblem | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: rootPath, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasLoneSurrogate(value)) return unpaired(path || 'body');
      if (hasNul(value)) return nul(path || 'body');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_DEPTH) return { message: nestedTooDeeply };
    for (const key of Object.keys(value)) {
      const keyPath = join(path, printable(key));
      if (hasLoneSurrogate(key)) return unpaired(keyPath);
      if (hasNul(key)) return nul(keyPath.replaceAll('\u0000', '\\u0000'));
      if (FORBIDDEN_KEYS.has(key)) return { field: keyPath, message: `${keyPath} is not an allowed field name` };
      if (key === 'constructor' && typeof (value as Record<string, unknown>)[key] === 'object') {
        return { field: keyPath, message: `${keyPath} is not an allowed field name` };
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: keyPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The first problem with a request's body or query string, or undefined when both are fine. */
export function checkWellFormed(body: unknown, query: unknown): InputProblem | undefined {
  return (
    check(body, '', `The request body is nested too deeply (at most ${MAX_DEPTH} levels).`) ??
    check(query, '', `The query string is nested too deeply (at most ${MAX_DEPTH} levels).`)
  );
}
