import { describe, expect, it } from '@jest/globals';
import { FORMER_MEMBER, personNamer } from './people';

describe("an alert page's names for people", () => {
  const nameOf = personNamer({ u1: { name: 'Ada Lovelace' } }, 'me');

  it('says "you" for the reader, and the name the answer gave for the others', () => {
    expect(nameOf('me')).toBe('you');
    expect(nameOf('u1')).toBe('Ada Lovelace');
  });

  it('names someone the answer left out (no longer a member) as such, and nobody by id while loading', () => {
    expect(nameOf('gone')).toBe(FORMER_MEMBER);
    expect(personNamer(undefined, 'me')('u1')).toBe('someone');
  });
});
