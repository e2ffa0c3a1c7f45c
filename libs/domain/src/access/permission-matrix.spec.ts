import { renderPermissionMatrix } from './permission-matrix';
import { PERMISSIONS } from './permissions';
import { ROLES, ROLE_PERMISSIONS, type Role } from './roles';

/** Reads the rendered table back into role -> permissions, the way a person reads PERMISSIONS.md. */
function readBack(markdown: string): Record<string, string[]> {
  const [header, , ...rows] = markdown.trim().split('\n');
  const roles = header
    .split('|')
    .map((cell) => cell.trim())
    .slice(3, -1);
  const held: Record<string, string[]> = Object.fromEntries(roles.map((role) => [role, []]));
  for (const row of rows) {
    const [, slug, , ...marks] = row.split('|').map((cell) => cell.trim());
    roles.forEach((role, index) => marks[index] === 'yes' && held[role].push(slug.replace(/`/g, '')));
  }
  return held;
}

describe('renderPermissionMatrix', () => {
  const markdown = renderPermissionMatrix();

  it('has one row per permission under a header naming the roles', () => {
    expect(markdown.split('\n')[0]).toBe('| permission | display name | viewer | collaborator | member | owner |');
    expect(markdown.trim().split('\n')).toHaveLength(2 + PERMISSIONS.length);
  });

  it.each(ROLES)('marks exactly the permissions of %s', (role: Role) => {
    expect(readBack(markdown)[role].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
  });

  it('lists what the viewer holds first and what only the owner holds last', () => {
    const slugs = readBack(markdown).owner;
    expect(slugs.slice(0, ROLE_PERMISSIONS.viewer.length).sort()).toEqual([...ROLE_PERMISSIONS.viewer].sort());
    expect(slugs.slice(ROLE_PERMISSIONS.member.length).sort()).toEqual(
      ROLE_PERMISSIONS.owner.filter((p) => !ROLE_PERMISSIONS.member.includes(p)).sort(),
    );
  });
});
