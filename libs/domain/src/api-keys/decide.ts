import { isPermission, type Permission } from '../access/permissions';
import { DomainError } from '../shared/event';
import { FIELD_MESSAGES } from '../shared/field-rules';
import { isInstant } from '../signals/on-call-schedules/field-rules';
import type { ApiKeyCommand } from './commands';
import type { ApiKeyEvent } from './events';
import type { ApiKeyState } from './state';

export const API_KEY_NAME_MAX_LENGTH = 100;
/** The old secret of a rotated key works for at most a week more: long enough to roll a fleet, not forever. */
export const API_KEY_MAX_OVERLAP_MS = 7 * 24 * 3600_000;
/** Uses closer together than this to the last recorded one record nothing (the last-used time is this coarse). */
export const API_KEY_USE_RESOLUTION_MS = 60_000;

export const API_KEY_MESSAGES = {
  scopesRequired: 'scopes must name at least one permission',
  scopeUnknown: (scope: string) => `scopes: '${scope}' is not a permission`,
  scopeAboveRole: (scope: string) => `scopes: your role does not hold '${scope}', so a key you make cannot either`,
  teamNotFound: 'team_id must be a team of the organization',
  expiresAt: 'expires_at must be an ISO-8601 instant in the future',
  previousValidUntil: 'previous_valid_until must be an ISO-8601 instant from now to 7 days from now',
  notFound: 'API key not found',
  rotateOthers:
    "Only the key's owner can rotate it: its secret acts as them. Revoke it, and make a key of your own instead.",
} as const;

function validScopes(scopes: readonly string[], held: readonly Permission[], errors: Record<string, string[]>) {
  const problems: string[] = [];
  if (scopes.length === 0) problems.push(API_KEY_MESSAGES.scopesRequired);
  for (const scope of scopes) {
    if (!isPermission(scope)) problems.push(API_KEY_MESSAGES.scopeUnknown(scope));
    else if (!held.includes(scope)) problems.push(API_KEY_MESSAGES.scopeAboveRole(scope));
  }
  if (problems.length > 0) errors.scopes = problems;
  return [...new Set(scopes)].filter(isPermission);
}

/**
 * API keys (issue 22): made with scopes their owner's role holds, rotated with an overlap, revoked; uses recorded
 * at most once a minute. Another organization's key, like a revoked one for anything but reading, is not found.
 */
export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  const { keyId, at } = command;
  if (command.type === 'CreateApiKey') {
    if (state.status !== 'absent') throw new DomainError('The API key already exists', 'conflict');
    const errors: Record<string, string[]> = {};
    const name = command.name.trim();
    if (name === '') errors.name = [FIELD_MESSAGES.required('name')];
    else if (name.length > API_KEY_NAME_MAX_LENGTH)
      errors.name = [FIELD_MESSAGES.maxLength('name', API_KEY_NAME_MAX_LENGTH)];
    const scopes = validScopes(command.scopes, command.ownerPermissions, errors);
    if (command.teamId !== null && !command.teamFound) errors.team_id = [API_KEY_MESSAGES.teamNotFound];
    if (command.expiresAt !== null && !(isInstant(command.expiresAt) && Date.parse(command.expiresAt) > Date.parse(at)))
      errors.expires_at = [API_KEY_MESSAGES.expiresAt];
    if (Object.keys(errors).length > 0) throw new DomainError(Object.values(errors)[0][0], 'invalid', errors);
    const { orgId, ownerId, teamId, secretHash, secretHint } = command;
    const expiresAt = command.expiresAt && new Date(command.expiresAt).toISOString();
    return [
      {
        type: 'ApiKeyCreated',
        data: { keyId, orgId, ownerId, name, scopes, teamId, expiresAt, secretHash, secretHint, at },
      },
    ];
  }
  if (state.status === 'absent' || state.orgId !== command.orgId)
    throw new DomainError(API_KEY_MESSAGES.notFound, 'not_found');
  switch (command.type) {
    case 'RevokeApiKey':
      return state.status === 'revoked' ? [] : [{ type: 'ApiKeyRevoked', data: { keyId, at } }];
    case 'RotateApiKey': {
      if (state.status === 'revoked') throw new DomainError('A revoked key cannot be rotated', 'conflict');
      // another owner handed the new secret would act as this key's owner, and keep it once demoted or removed
      if (state.ownerId !== command.byUserId) throw new DomainError(API_KEY_MESSAGES.rotateOthers, 'forbidden');
      const until = Date.parse(command.previousValidUntil);
      const now = Date.parse(at);
      if (!isInstant(command.previousValidUntil) || until < now || until > now + API_KEY_MAX_OVERLAP_MS)
        throw new DomainError(API_KEY_MESSAGES.previousValidUntil, 'invalid', {
          previous_valid_until: [API_KEY_MESSAGES.previousValidUntil],
        });
      const { secretHash, secretHint } = command;
      const previousValidUntil = new Date(until).toISOString();
      const previousSecretHash = state.secretHash ?? '';
      return [
        {
          type: 'ApiKeyRotated',
          data: { keyId, secretHash, secretHint, previousSecretHash, previousValidUntil, at },
        },
      ];
    }
    case 'RecordApiKeyUse': {
      if (state.status !== 'active') return [];
      const last = state.lastUsedAt ? Date.parse(state.lastUsedAt) : null;
      if (last !== null && Date.parse(at) - last < API_KEY_USE_RESOLUTION_MS) return [];
      return [{ type: 'ApiKeyUsed', data: { keyId, at, address: command.address } }];
    }
  }
}
