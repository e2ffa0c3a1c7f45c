import { deciderSpec } from '../../../../test/support/decider-spec';
import { permissionsOf } from '../access/roles';
import type { DomainError } from '../shared/event';
import type { ApiKeyCommand, CreateApiKey } from './commands';
import { API_KEY_MESSAGES, decideApiKey } from './decide';
import type { ApiKeyCreated, ApiKeyEvent } from './events';
import { evolveApiKey, initialApiKey, type ApiKeyState } from './state';

const apiKey = deciderSpec<ApiKeyState, ApiKeyCommand, ApiKeyEvent>({
  initial: initialApiKey,
  evolve: evolveApiKey,
  decide: decideApiKey,
});
const T0 = '2026-11-27T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const create = (extra: Partial<CreateApiKey> = {}): CreateApiKey => ({
  type: 'CreateApiKey',
  keyId: 'k1',
  orgId: 'org-1',
  ownerId: 'u1',
  ownerPermissions: permissionsOf('member'),
  name: ' Terraform ',
  scopes: ['read_alerts', 'read_alerts'],
  teamId: null,
  teamFound: false,
  expiresAt: null,
  secretHash: 'hash',
  secretHint: 'abcd',
  at: T0,
  ...extra,
});
const created: ApiKeyCreated = {
  type: 'ApiKeyCreated',
  data: {
    keyId: 'k1',
    orgId: 'org-1',
    ownerId: 'u1',
    name: 'Terraform',
    scopes: ['read_alerts'],
    teamId: null,
    expiresAt: null,
    secretHash: 'hash',
    secretHint: 'abcd',
    at: T0,
  },
};
const use = (seconds: number, orgId = 'org-1'): ApiKeyCommand => ({
  type: 'RecordApiKeyUse',
  keyId: 'k1',
  orgId,
  at: at(seconds),
  address: '203.0.113.9',
});

describe('API key decider', () => {
  it('creates with the name trimmed and each scope once', () => apiKey.given([]).when(create()).then([created]));

  it('refuses bad input, every field at once, and a scope above the owner role', () =>
    apiKey
      .given([])
      .when(
        create({
          name: ' ',
          scopes: ['read_alerts', 'toString', 'manage_users'],
          teamId: 't9',
          expiresAt: at(-1),
        }),
      )
      .thenThrows((error) =>
        expect((error as DomainError).fields).toEqual({
          name: ['name is a required field'],
          scopes: [
            "scopes: 'toString' is not a permission",
            "scopes: your role does not hold 'manage_users', so a key you make cannot either",
          ],
          team_id: ['team_id must be a team of the organization'],
          expires_at: ['expires_at must be an ISO-8601 instant in the future'],
        }),
      ));

  it('refuses a key with no scope', () =>
    apiKey
      .given([])
      .when(create({ scopes: [] }))
      .thenThrows((error) =>
        expect((error as DomainError).fields?.scopes).toEqual(['scopes must name at least one permission']),
      ));

  const rotate = (until: string, byUserId = 'u1'): ApiKeyCommand => ({
    type: 'RotateApiKey',
    keyId: 'k1',
    orgId: 'org-1',
    byUserId,
    secretHash: 'hash2',
    secretHint: 'wxyz',
    previousValidUntil: until,
    at: at(10),
  });

  it('rotates with an overlap of at most a week', () => {
    apiKey
      .given([created])
      .when(rotate(at(3610)))
      .then([
        {
          type: 'ApiKeyRotated',
          data: {
            keyId: 'k1',
            secretHash: 'hash2',
            secretHint: 'wxyz',
            previousSecretHash: 'hash',
            previousValidUntil: at(3610),
            at: at(10),
          },
        },
      ]);
    for (const until of [at(9), at(10 + 8 * 24 * 3600), 'soon'])
      apiKey
        .given([created])
        .when(rotate(until))
        .thenThrows((error) => expect((error as DomainError).fields).toHaveProperty('previous_valid_until'));
  });

  it("is rotated by its owner alone: another owner handed the new secret would act as the key's owner", () =>
    apiKey
      .given([created])
      .when(rotate(at(10), 'u2'))
      .thenThrows((error) =>
        expect([(error as DomainError).code, error.message]).toEqual(['forbidden', API_KEY_MESSAGES.rotateOthers]),
      ));

  it('revokes once; a revoked key records no use and cannot be rotated', () => {
    const revoke: ApiKeyCommand = { type: 'RevokeApiKey', keyId: 'k1', orgId: 'org-1', at: at(5) };
    apiKey
      .given([created])
      .when(revoke)
      .then([{ type: 'ApiKeyRevoked', data: { keyId: 'k1', at: at(5) } }]);
    const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { keyId: 'k1', at: at(5) } };
    apiKey.given([created, revoked]).when(revoke).thenNothingHappened();
    apiKey.given([created, revoked]).when(use(6)).thenNothingHappened();
  });

  it('records a use at most once a minute', () => {
    const used: ApiKeyEvent = { type: 'ApiKeyUsed', data: { keyId: 'k1', at: at(0), address: '203.0.113.9' } };
    apiKey.given([created]).when(use(0)).then([used]);
    apiKey.given([created, used]).when(use(59)).thenNothingHappened();
    apiKey
      .given([created, used])
      .when(use(60))
      .then([{ ...used, data: { ...used.data, at: at(60) } }]);
  });

  it("treats another organization's key as not found", () =>
    apiKey
      .given([created])
      .when(use(0, 'org-2'))
      .thenThrows((error) => expect((error as DomainError).code).toBe('not_found')));
});
