import type { PagePagination } from '../organization-admin/organization-admin';

/** Where a key stands: `expired` and `revoked` keys are refused; `rotating` means the old secret still works a while. */
export type ApiKeyStatus = 'active' | 'rotating' | 'expired' | 'revoked';

/** GET /api/v1/api_keys/{id} and each item of the list. The secret is never shown here. */
export interface ApiKey {
  id: string;
  name: string;
  owner: { id: string; name: string | null; email: string | null };
  scopes: string[];
  team_id: string | null;
  expires_at: string | null;
  /** The secret's last four characters, to tell keys apart. */
  secret_hint: string;
  previous_valid_until: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_address: string | null;
  status: ApiKeyStatus;
  created_at: string;
}

/** The answers of creation and rotation: the secret, shown this once. */
export interface ApiKeyWithSecret extends ApiKey {
  secret: string;
}

export interface ApiKeysResponse {
  data: ApiKey[];
  pagination: PagePagination;
}

/** POST /api/v1/api_keys */
export interface ApiKeyRequest {
  name: string;
  scopes: string[];
  team_id?: string | null;
  /** ISO-8601 instant. */
  expires_at?: string | null;
}

/** POST /api/v1/api_keys/{id}/rotate: the old secret keeps working until then (now when left out). */
export interface ApiKeyRotateRequest {
  previous_valid_until?: string;
}

/** A key's secret starts with this, so scanners and people can tell one from other tokens. */
export const API_KEY_PREFIX = 'tocsin_';
