import { describe, expect, it } from '@jest/globals';
import { groupedOptions, listedOptions, nextValue, rememberOptions, type PickerOption } from './search-picker-options';

const ada: PickerOption = { value: 'user:ada', label: 'Ada', group: 'People' };
const bob: PickerOption = { value: 'user:bob', label: 'Bob', group: 'People' };
const ops: PickerOption = { value: 'team:ops', label: 'Ops (whole team)', group: 'Teams' };

describe('listedOptions', () => {
  it('keeps a choice the latest answer does not hold, with the label it was seen with', () => {
    const known = new Map<string, PickerOption>();
    rememberOptions(known, [ada, bob]);
    // the answer to a newer search holds only the team: Bob, chosen from the previous list, stays listed
    expect(listedOptions([ops], ['user:bob'], known)).toEqual([ops, bob]);
  });

  it('lists a chosen option once when the answer holds it, and an unknown choice as its value', () => {
    expect(listedOptions([ada], ['user:ada', 'user:gone'], new Map())).toEqual([
      ada,
      { value: 'user:gone', label: 'user:gone' },
    ]);
  });

  it('takes the newest label seen for a value', () => {
    const known = new Map<string, PickerOption>();
    rememberOptions(known, [ada]);
    rememberOptions(known, [{ ...ada, label: 'Ada Lovelace' }]);
    expect(listedOptions([], ['user:ada'], known)).toEqual([{ ...ada, label: 'Ada Lovelace' }]);
  });
});

describe('groupedOptions', () => {
  it('lists the groups in the order given, leaving out empty ones and keeping unnamed ones last', () => {
    const loose = { value: 'x', label: 'X' };
    expect(groupedOptions([ops, ada, loose], ['People', 'Teams', 'Services'])).toEqual([
      { group: 'People', items: [ada] },
      { group: 'Teams', items: [ops] },
      { group: '', items: [loose] },
    ]);
  });
});

describe('nextValue', () => {
  it('adds a new choice and drops a chosen one', () => {
    expect(nextValue(['a'], 'b', Infinity)).toEqual(['a', 'b']);
    expect(nextValue(['a', 'b'], 'a', Infinity)).toEqual(['b']);
  });

  it('replaces the choice of a one-choice picker, and clears it when picked again', () => {
    expect(nextValue(['a'], 'b', 1)).toEqual(['b']);
    expect(nextValue(['a'], 'a', 1)).toEqual([]);
  });

  it('adds nothing beyond the limit', () => {
    expect(nextValue(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });
});
