import type { Request } from 'express';
import { contextOf, systemContext, viaOf } from './request-context';

const request = (identity: Request['identity']) => ({ identity, headers: {} }) as unknown as Request;

describe('where a request came from (viaOf)', () => {
  it("names a browser session's request 'web'", () => {
    const context = contextOf(request({ sessionKey: 'k', userId: 'u', orgId: 'o', role: 'member', staff: false }));
    expect(viaOf(context)).toBe('web');
  });

  it("names anything else 'api': a context made without a session", () => {
    expect(viaOf(systemContext('o', 'u'))).toBe('api');
    expect(viaOf({})).toBe('api');
  });
});
