import { describe, expect, it } from '@jest/globals';
import { formErrors, shownMessage } from './field-errors';

describe("the domain's field messages in a form", () => {
  it('names a nested field as its label does, and leaves top-level ones as the API words them', () => {
    expect(shownMessage('conditions[0].value', 'conditions[0].value is a required field')).toBe(
      'Value is a required field',
    );
    expect(shownMessage('action.escalation_policy_id', 'action.escalation_policy_id is a required field')).toBe(
      'Escalation policy is a required field',
    );
    expect(shownMessage('steps[1].timeout', 'steps[1].timeout must be whole minutes, from 1 min to 24 hours')).toBe(
      'Timeout must be whole minutes, from 1 min to 24 hours',
    );
    expect(shownMessage('name', 'name is a required field')).toBe('name is a required field');
    expect(shownMessage('conditions[0].value', 'patterns may not look around')).toBe('patterns may not look around');
  });

  it("puts each message under the field that shows it, in react-hook-form's tree", () => {
    expect(
      formErrors(
        { 'conditions[1].value': ['conditions[1].value is a required field'], name: ['name is a required field'] },
        (key) => key,
      ),
    ).toEqual({
      conditions: { 1: { value: { type: 'validate', message: 'Value is a required field' } } },
      name: { type: 'validate', message: 'name is a required field' },
    });
  });
});
