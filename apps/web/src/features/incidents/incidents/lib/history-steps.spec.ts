import { describe, expect, it } from '@jest/globals';
import { stepIndexOf } from './history-steps';

describe('stepIndexOf', () => {
  const entries = [{ position: 10 }, { position: 14 }, { position: 30 }];
  it('finds the event at the position, or the last one before it', () => {
    expect(stepIndexOf(entries, '14')).toBe(1);
    expect(stepIndexOf(entries, '29')).toBe(1);
    expect(stepIndexOf(entries, '30')).toBe(2);
    expect(stepIndexOf(entries, '999')).toBe(2);
  });
  it('starts at the first step when the address names none, nonsense, or a time before the incident', () => {
    expect(stepIndexOf(entries, null)).toBe(0);
    expect(stepIndexOf(entries, '')).toBe(0);
    expect(stepIndexOf(entries, 'abc')).toBe(0);
    expect(stepIndexOf(entries, '3')).toBe(0);
    expect(stepIndexOf([], '3')).toBe(0);
  });
});
