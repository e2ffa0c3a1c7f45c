import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { PERMISSION_DEFINITIONS } from '@tocsin/domain';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/lib/get-me';
import { holdsPermission, rolesFrom } from '../guards/refusal';

const ROLE_NAMES = { viewer: 'Viewer', collaborator: 'Collaborator', member: 'Member', owner: 'Owner' } as const;

/** 'Member or Owner', 'Collaborator, Member or Owner'. */
const either = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

/**
 * `/unauthorized/{requiredPermission}`: where a page sends someone lacking its permission. With `?roles=`
 * the page was refused for the role: it names those roles, and names the permission only when it is missing
 * too (a viewer holds read_analytics; telling them they need it would be false).
 */
export function UnauthorizedRoute() {
  const { requiredPermission = '' } = useParams();
  const [search] = useSearchParams();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const roles = rolesFrom(search.get('roles'));
  const permissionMissing = !holdsPermission(me, requiredPermission);
  const definition = PERMISSION_DEFINITIONS.find((candidate) => candidate.slug === requiredPermission);
  return (
    <Stack align="center" py={80} data-testid="unauthorized">
      <Title order={1}>Oops! You don't have permission to access this page</Title>
      {roles.length > 0 && (
        <Text data-testid="required-roles">
          This page is for the role{roles.length > 1 ? 's' : ''}{' '}
          <strong>{either(roles.map((role) => ROLE_NAMES[role]))}</strong>. Your role is{' '}
          <strong>{ROLE_NAMES[me.user.role]}</strong>.
        </Text>
      )}
      {(permissionMissing || roles.length === 0) && (
        <Text data-testid="required-permission">
          Required permission: <strong>{definition?.display_name ?? requiredPermission}</strong>{' '}
          <Code>{requiredPermission}</Code>
        </Text>
      )}
      <Text c="dimmed">Contact your organization administrator if you need access.</Text>
      <Button onClick={() => navigate(-1)}>Go back</Button>
    </Stack>
  );
}
