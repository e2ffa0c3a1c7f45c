/** API keys for machines (issue 22): managed in `/settings/api_keys`, sent as `Authorization: Bearer <secret>`. */
export const API_KEYS_API = '/api/v1/api_keys';
export const apiKeyPath = (id: string) => `${API_KEYS_API}/${encodeURIComponent(id)}`;
export const apiKeyRotatePath = (id: string) => `${apiKeyPath(id)}/rotate`;
