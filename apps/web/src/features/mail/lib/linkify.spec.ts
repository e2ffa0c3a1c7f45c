import { describe, expect, it } from '@jest/globals';
import { linkify } from './linkify';

describe('linkify', () => {
  it('splits a body into text and links, leaving a sentence period outside the link', () => {
    expect(linkify('Reset it at http://localhost:3000/password_resets/abc. Thanks')).toEqual([
      { kind: 'text', text: 'Reset it at ' },
      { kind: 'link', href: 'http://localhost:3000/password_resets/abc' },
      { kind: 'text', text: '. Thanks' },
    ]);
  });

  it('keeps a body without links whole, and finds several links', () => {
    expect(linkify('Your code is 123456')).toEqual([{ kind: 'text', text: 'Your code is 123456' }]);
    expect(linkify('https://a.example/x\nhttps://b.example/y?z=1').filter((part) => part.kind === 'link')).toEqual([
      { kind: 'link', href: 'https://a.example/x' },
      { kind: 'link', href: 'https://b.example/y?z=1' },
    ]);
  });
});
