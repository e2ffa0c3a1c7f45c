import { permissionsOf } from '@tocsin/domain';
import { heldPermissions } from './held-permissions';

describe('heldPermissions', () => {
  it("is the role's permissions for a person", () => {
    expect(heldPermissions({ role: 'member' })).toEqual(permissionsOf('member'));
    expect(heldPermissions({ role: null })).toEqual([]);
  });

  it("narrows a key to its scopes, and its scopes to its owner's role now", () => {
    expect(heldPermissions({ role: 'owner', scopes: ['read_alerts', 'manage_users'] })).toEqual([
      'read_alerts',
      'manage_users',
    ]);
    // an owner demoted to viewer: the key keeps only what both allow
    expect(heldPermissions({ role: 'viewer', scopes: ['read_alerts', 'manage_users'] })).toEqual(['read_alerts']);
  });
});
