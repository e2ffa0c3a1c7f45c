/**
 * What the audit trail never shows and what it shows only to owners, decided by field name in this one place
 * (the history, the audit events, their exports and the SIEM feed all read event data through it).
 */
export const REDACTED = '[redacted]';

/**
 * Secrets: hashes, tokens, passwords, sealed values and their digests, and a session's key (the digest of its
 * cookie's secret). `tokenHint` is made to be shown.
 */
const SECRET_FIELD = /password|secret|token|hash|sealed|digest|api_?key|private_?key|credential|session_?key/i;
const SHOWN_ANYWAY = new Set(['tokenHint']);

/** Personal data by its own name: emails, phone numbers, addresses, people's names. */
const PERSONAL_FIELD = /e_?mail|phone|address|^(first|last|full|display|user)_?name$/i;
/** Fields that are personal only on a person's record (one carrying a user id or an email): a name, a number. */
const PERSONAL_ON_A_PERSON = new Set(['name', 'number']);
const PERSON_MARKER = /^(user_?id|e_?mail)$/i;

/** An id names a record (`phoneId`, `secretId`); it is neither a secret nor personal data. */
const AN_ID = /(id|ids)$/i;

export const isSecretField = (key: string) => !SHOWN_ANYWAY.has(key) && !AN_ID.test(key) && SECRET_FIELD.test(key);

const isPersonalField = (key: string, field: unknown, onPerson: boolean) =>
  !AN_ID.test(key) &&
  typeof field !== 'boolean' &&
  (PERSONAL_FIELD.test(key) || (onPerson && PERSONAL_ON_A_PERSON.has(key) && typeof field === 'string'));

/** Secrets out always; personal data out unless `personal` (owners). Strings, arrays and objects alike. */
export function redactEventData<T>(value: T, { personal }: { personal: boolean }): T {
  if (Array.isArray(value)) return value.map((item) => redactEventData(item, { personal })) as T;
  if (value === null || typeof value !== 'object') return value;
  const onPerson = Object.keys(value).some((key) => PERSON_MARKER.test(key));
  const hidden = (key: string, field: unknown) =>
    isSecretField(key) || (!personal && isPersonalField(key, field, onPerson));
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      field !== null && field !== undefined && hidden(key, field) ? REDACTED : redactEventData(field, { personal }),
    ]),
  ) as T;
}

/** Personal data in the audit trail is for owners only, whoever else may read it. */
export const seesPersonalData = (role: string | null) => role === 'owner';
