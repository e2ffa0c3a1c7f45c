import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPermissionMatrix } from '@tocsin/domain';

// The documented role -> permission table cannot drift from ROLE_PERMISSIONS.
it('PERMISSIONS.md shows ROLE_PERMISSIONS', () => {
  const doc = readFileSync(join(__dirname, '../../libs/domain/src/access/PERMISSIONS.md'), 'utf8');
  expect(doc.endsWith(`\n\n${renderPermissionMatrix()}`)).toBe(true);
});
