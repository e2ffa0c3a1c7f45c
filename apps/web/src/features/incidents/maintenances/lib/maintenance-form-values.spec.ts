import { describe, expect, it } from '@jest/globals';
import { fromLocalInput, maintenanceSchema, toLocalInput } from './maintenance-form-values';

describe('maintenance form values', () => {
  it('reads and writes datetime-local values as the same instant', () => {
    const iso = '2026-05-01T22:00:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('refuses a window that ends before it starts, or names nothing', async () => {
    const base = {
      name: 'x',
      starts_at: '2026-05-01T22:00',
      ends_at: '2026-05-01T21:00',
      services: ['db'],
      source_ids: [],
    };
    await expect(maintenanceSchema.validate(base)).rejects.toThrow('ends_at must be after starts_at');
    await expect(maintenanceSchema.validate({ ...base, ends_at: '2026-05-02T01:00', services: [] })).rejects.toThrow(
      'Name at least one service or event source',
    );
    await expect(maintenanceSchema.validate({ ...base, ends_at: '2026-05-02T01:00' })).resolves.toBeTruthy();
  });
});
