import { describe, expect, it } from '@jest/globals';
import {
  conditionFormErrors,
  conditionRows,
  conditionServerError,
  conditionsRequest,
  describeConditions,
  type ConditionRow,
} from './conditions';

const rows: ConditionRow[] = [
  { field: 'label', label: ' env ', operator: 'equals', value: 'prod' },
  { field: 'priority', label: '', operator: 'exists', value: 'ignored' },
];

describe("a rule's conditions in its editor", () => {
  it('names a label as the API does and leaves out the value of exists, and reads the answer back', () => {
    const request = conditionsRequest(rows);
    expect(request).toEqual([
      { field: 'labels.env', operator: 'equals', value: 'prod' },
      { field: 'priority', operator: 'exists' },
    ]);
    expect(conditionRows(request)).toEqual([
      { field: 'label', label: 'env', operator: 'equals', value: 'prod' },
      { field: 'priority', label: '', operator: 'exists', value: '' },
    ]);
  });

  it("shows the domain's messages under the row, a bad label name under the label's own input", () => {
    expect(
      conditionFormErrors([
        { field: 'label', label: 'bad name', operator: 'equals', value: 'x' },
        { field: 'summary', label: '', operator: 'matches', value: '(' },
      ]),
    ).toEqual({
      conditions: {
        0: { label: { type: 'validate', message: 'Field must be source, summary, priority or labels.<name>' } },
        1: { value: { type: 'validate', message: expect.stringMatching(/^Value must be a valid regular expression/) } },
      },
    });
    expect(conditionFormErrors(rows)).toEqual({});
  });

  it("places the API's condition messages as the row's own check does, and leaves other fields' alone", () => {
    expect(conditionServerError(rows, 'conditions[0].value', 'conditions[0].value is a required field')).toEqual({
      path: 'conditions.0.value',
      message: 'Value is a required field',
    });
    expect(
      conditionServerError(rows, 'conditions[0].field', 'conditions[0].field must be source, summary, priority'),
    ).toEqual({ path: 'conditions.0.label', message: 'Field must be source, summary, priority' });
    expect(conditionServerError(rows, 'conditions', 'conditions must hold at most 20 conditions')).toEqual({
      path: 'conditions',
      message: 'conditions must hold at most 20 conditions',
    });
    expect(conditionServerError(rows, 'window', 'window must be whole minutes')).toBeNull();
  });

  it('reads as a line: every alert when there are none', () => {
    expect(describeConditions([])).toBe('every alert');
    expect(describeConditions(conditionsRequest(rows))).toBe('labels.env equals “prod” and priority exists');
  });
});
