import * as yup from 'yup';
import type { ApiKeyRequest } from '@tocsin/contracts';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH, PERMISSION_DEFINITIONS, type Permission } from '@tocsin/domain';

export const apiKeySchema = yup.object({
  name: yup.string().label('name').trim().required().max(API_KEY_NAME_MAX_LENGTH),
  scopes: yup.array(yup.string().required()).required().min(1, API_KEY_MESSAGES.scopesRequired),
  team_id: yup.string().nullable().defined(),
  /** A `datetime-local` value (local time, no zone), '' for a key that never expires. */
  expires_at: yup
    .string()
    .defined()
    .test('future', API_KEY_MESSAGES.expiresAt, (value) => !value || Date.parse(value) > Date.now()),
});
export type ApiKeyFormValues = yup.InferType<typeof apiKeySchema>;

export const apiKeyFormValues = (): ApiKeyFormValues => ({ name: '', scopes: [], team_id: null, expires_at: '' });

export const apiKeyRequestOf = (values: ApiKeyFormValues): ApiKeyRequest => ({
  name: values.name,
  scopes: values.scopes,
  team_id: values.team_id || null,
  expires_at: values.expires_at ? new Date(values.expires_at).toISOString() : null,
});

/** The permissions a key of this person may hold (their role's), as the picker offers them. */
export const scopeOptions = (held: readonly string[]) =>
  PERMISSION_DEFINITIONS.filter((p) => held.includes(p.slug)).map((p) => ({ value: p.slug, label: p.display_name }));

/** Every read permission of `held`: a key that can look but never change anything. */
export const readOnlyScopes = (held: readonly string[]): Permission[] =>
  PERMISSION_DEFINITIONS.filter((p) => held.includes(p.slug) && p.slug.startsWith('read_')).map((p) => p.slug);

/** How long a rotated key's old secret keeps working, as the rotation dialog offers it. */
export const OVERLAPS = [
  { value: '0', label: 'Stop the old secret at once' },
  { value: '3600000', label: 'Keep the old secret for 1 hour' },
  { value: '86400000', label: 'Keep the old secret for 24 hours' },
  { value: '604800000', label: 'Keep the old secret for 7 days' },
];
