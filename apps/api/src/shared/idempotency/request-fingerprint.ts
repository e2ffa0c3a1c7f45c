import { createHash } from 'node:crypto';
import type { Request } from 'express';

type Step = { text: string } | { value: unknown };

/**
 * SHA-256 of the body as canonical JSON (object keys sorted, so a client re-serializing the same body
 * in another order is the same request). Walked with an explicit stack: a body nested thousands of
 * levels deep (which JSON.parse accepts) hashes instead of overflowing the call stack.
 */
export function canonicalHash(body: unknown): string {
  const hash = createHash('sha256');
  const steps: Step[] = [{ value: body }];
  for (let step = steps.pop(); step; step = steps.pop()) {
    if ('text' in step) {
      hash.update(step.text);
      continue;
    }
    const { value } = step;
    if (value === undefined) hash.update('undefined');
    else if (value === null || typeof value !== 'object') hash.update(JSON.stringify(value));
    else {
      const entries = Array.isArray(value)
        ? value.map((item): [string | null, unknown] => [null, item])
        : Object.keys(value)
            .sort()
            .map((key): [string | null, unknown] => [key, (value as Record<string, unknown>)[key]]);
      const open = Array.isArray(value) ? '[' : '{';
      steps.push({ text: Array.isArray(value) ? ']' : '}' });
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index];
        steps.push({ value: item });
        steps.push({ text: `${index > 0 ? ',' : ''}${key === null ? '' : `${JSON.stringify(key)}:`}` });
      }
      steps.push({ text: open });
    }
  }
  return hash.digest('hex');
}

/** What makes two requests "the same": method, path with query, and body. */
export function requestFingerprint(request: Request): string {
  return `${request.method} ${request.originalUrl} ${canonicalHash(request.body)}`;
}
