import { describe, expect, it } from '@jest/globals';
import { draftOf, draftProblem, shownValue, valueOf } from './field-drafts';

describe('field drafts', () => {
  it('starts each kind of field from its value and sends it back as the API takes it', () => {
    expect(valueOf('text', draftOf('text', 'Checkout down'))).toBe('Checkout down');
    expect(draftOf('choice', null)).toBe('');
    expect(valueOf('choice', '')).toBeNull();
    expect(valueOf('choice', draftOf('choice', 'team-1'))).toBe('team-1');
    expect(valueOf('list', draftOf('list', ['checkout', 'cart']))).toEqual(['checkout', 'cart']);
    expect(draftOf('list', null)).toEqual([]);
    expect(draftOf('labels', { region: 'eu', tier: '' })).toEqual([
      { key: 'region', value: 'eu' },
      { key: 'tier', value: '' },
    ]);
    // rows without a name are no label; names are trimmed
    expect(
      valueOf('labels', [
        { key: ' region ', value: 'eu' },
        { key: '', value: '' },
      ]),
    ).toEqual({ region: 'eu' });
  });

  it('refuses a label value without a name before sending it, so nothing typed is lost', () => {
    expect(draftProblem('labels', [{ key: '', value: 'eu' }])).toBe('Each label needs a name');
    expect(draftProblem('labels', [{ key: 'region', value: 'eu' }])).toBeNull();
    expect(draftProblem('text', '')).toBeNull();
  });

  it('shows a choice by its name, lists and labels joined, a dash for nothing', () => {
    const teams = [{ value: 't1', label: 'Payments' }];
    expect(shownValue('choice', 't1', teams)).toBe('Payments');
    expect(shownValue('choice', 'gone', teams)).toBe('gone');
    expect(shownValue('choice', null, teams)).toBe('—');
    expect(shownValue('list', ['checkout', 'cart'])).toBe('checkout, cart');
    expect(shownValue('list', [])).toBe('—');
    expect(shownValue('labels', { region: 'eu', canary: '' })).toBe('region: eu, canary');
    expect(shownValue('labels', {})).toBe('—');
    expect(shownValue('text', '')).toBe('—');
  });
});
