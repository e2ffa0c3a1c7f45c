import { describe, expect, it } from '@jest/globals';
import type { IncidentTypeResource } from '@tocsin/contracts';
import {
  declareFormValues,
  declareProblems,
  declareRequest,
  LABEL_NAME_NEEDED,
  labelRows,
  labelRowsProblem,
  labelsOfRows,
  requiredFormFields,
} from './declare-form';

const security: IncidentTypeResource = {
  id: 'security',
  name: 'Security',
  description: '',
  required_fields: ['customer_impact', 'severity', 'labels'],
};

describe('declare form', () => {
  it('asks for the name and the fields the type requires', () => {
    const values = declareFormValues({}, 'security');
    expect(declareProblems(values, security)).toEqual({
      name: 'Name is required',
      customer_impact: 'Customer impact is required for Security incidents',
      severity_id: 'Severity is required for Security incidents',
      labels: 'Labels is required for Security incidents',
    });
    expect([...requiredFormFields(security)]).toEqual(['customer_impact', 'severity_id', 'labels']);
  });

  it('takes a type with nothing required once it is named, and a team to page when paging', () => {
    const values = { ...declareFormValues(), name: 'Checkout down', paging: true };
    expect(declareProblems(values, undefined)).toEqual({ page_team_id: 'Choose the team to page' });
  });

  it('sends what was filled in, labels as a map, the alert and the page', () => {
    const values = {
      ...declareFormValues({ name: ' Disk full ', team_id: 't1', alert_id: 'a1' }, 'default'),
      summary: '  ',
      severity_id: 'sev2',
      labels: [
        { key: 'region', value: 'eu' },
        { key: ' ', value: '' },
      ],
      impacted_services: ['db'],
      paging: true,
    };
    expect(declareRequest(values, { alert_id: 'a1' })).toEqual({
      name: 'Disk full',
      severity_id: 'sev2',
      type_id: 'default',
      team_id: 't1',
      impacted_services: ['db'],
      labels: { region: 'eu' },
      alert_id: 'a1',
      page: { team_id: 't1' },
    });
  });
});

describe('label rows', () => {
  it('turn labels into rows and back, leaving out rows without a name', () => {
    expect(labelRows({ region: 'eu' })).toEqual([{ key: 'region', value: 'eu' }]);
    expect(
      labelsOfRows([
        { key: ' region ', value: 'eu' },
        { key: ' ', value: '' },
      ]),
    ).toEqual({ region: 'eu' });
    expect(labelRowsProblem([{ key: '', value: 'eu' }])).toBe(LABEL_NAME_NEEDED);
    expect(labelRowsProblem([{ key: '', value: '' }])).toBeNull();
  });
});
