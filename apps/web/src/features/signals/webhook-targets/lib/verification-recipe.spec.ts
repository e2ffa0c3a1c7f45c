import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { NODE_RECIPE } from './verification-recipe';

type Verify = (header: string, rawBody: string, secret: string, toleranceSeconds?: number) => boolean;

/** The recipe the page shows, run as a receiver would paste it (its import made a require). */
function pastedRecipe(): Verify {
  const source = NODE_RECIPE.replace(
    "import { createHmac, timingSafeEqual } from 'node:crypto';",
    "const { createHmac, timingSafeEqual } = require('node:crypto');",
  ).replace('export function', 'function');
  return new Function('require', `${source}\nreturn verifyTocsinSignature;`)(require) as Verify;
}

const sign = (secret: string, body: string, t: number) =>
  `v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

describe('the verification recipe', () => {
  const verify = pastedRecipe();
  const body = '{"id":"42","type":"alert.triggered"}';
  const now = Math.floor(Date.now() / 1000);

  it('accepts a delivery signed with the secret, either of two during a rotation', () => {
    expect(verify(`t=${now},${sign('whsec_a', body, now)}`, body, 'whsec_a')).toBe(true);
    const rotating = `t=${now},${sign('whsec_new', body, now)},${sign('whsec_old', body, now)}`;
    expect(verify(rotating, body, 'whsec_new')).toBe(true);
    expect(verify(rotating, body, 'whsec_old')).toBe(true);
  });

  it('refuses another secret, a changed body, an old timestamp and a header without a signature', () => {
    expect(verify(`t=${now},${sign('whsec_a', body, now)}`, body, 'whsec_b')).toBe(false);
    expect(verify(`t=${now},${sign('whsec_a', body, now)}`, `${body} `, 'whsec_a')).toBe(false);
    const old = now - 600;
    expect(verify(`t=${old},${sign('whsec_a', body, old)}`, body, 'whsec_a')).toBe(false);
    expect(verify(`t=${now}`, body, 'whsec_a')).toBe(false);
    expect(verify(`t=${now},v1=zz`, body, 'whsec_a')).toBe(false);
  });
});
