import { PERMISSIONS, PERMISSION_DEFINITIONS, isPermission, permissionDisplayName } from './permissions';

describe('permission definitions', () => {
  it('define every slug once, in order', () => {
    expect(PERMISSION_DEFINITIONS.map((definition) => definition.slug)).toEqual([...PERMISSIONS]);
  });

  it('give each permission its own display name', () => {
    const names = PERMISSION_DEFINITIONS.map((definition) => definition.display_name);
    expect(new Set(names).size).toBe(PERMISSIONS.length);
    expect(names.filter((name) => !/^(Read|Manage|Act on) [a-zA-Z -]+$/.test(name))).toEqual([]);
  });

  it.each([
    ['read_analytics', 'Read analytics'],
    ['manage_organization_notification_policies', 'Manage organization notification policies'],
    ['read_api_keys', 'Read API keys'],
  ] as const)('name %s "%s"', (slug, name) => {
    expect(permissionDisplayName(slug)).toBe(name);
  });

  it.each([
    ['read_alerts', true],
    ['manage_users', true],
    ['manage_notification_preferences', false],
    ['READ_ALERTS', false],
    ['', false],
  ])('recognise %j as a slug: %s', (value, known) => {
    expect(isPermission(value)).toBe(known);
  });
});
