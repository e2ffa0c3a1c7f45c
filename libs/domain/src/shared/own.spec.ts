import { ownValue } from './own';

describe('ownValue', () => {
  it("finds a record's own entries and nothing of Object.prototype", () => {
    const record: Record<string, number> = { critical: 1 };
    expect(ownValue(record, 'critical')).toBe(1);
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(ownValue(record, key)).toBeUndefined();
    }
  });
});
