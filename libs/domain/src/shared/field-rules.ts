/**
 * The one source of the bounds and wording of fields that the api's DTOs, the deciders and the web's forms
 * all check. The wording is yup's (SPEC.md section 5, "Generic form messages"), which the forms show and the
 * api answers with, so a refusal reads the same wherever it is made. The bounds are ours: the spec shows
 * none ("Other business limits: not shown", section 9).
 */

/** An address longer than RFC 5321 allows is refused before it is checked further. */
export const EMAIL_MAX_LENGTH = 254;
/** A person's name (sign-up, invitation sign-up, profile). */
export const NAME_MAX_LENGTH = 100;
export const ORGANIZATION_NAME_MAX_LENGTH = 100;
/** An id the client names (a user to add to a team, an organization to switch to, to default to, to act in). */
export const ID_MAX_LENGTH = 100;
/** A token from an emailed link. */
export const TOKEN_MAX_LENGTH = 200;
/**
 * Text a decider or service judges itself (a profile name, the fields of a password form): only a cap
 * against abuse at the edge, so the decider's own words apply to anything shorter.
 */
export const TEXT_MAX_LENGTH = 1000;
/** What is typed into a search or a picker. */
export const SEARCH_MAX_LENGTH = 200;

/** Page-numbered lists: `page` from 1, `per_page` 20 unless asked (SPEC.md section 9, option pages 20), at most 100. */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** Messages of one field, `field` named as the request names it (yup's `${path}`). */
/** The longest outbound webhook URL taken (a webhook target's, a Slack or Teams incoming webhook's). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const FIELD_MESSAGES = {
  required: (field: string) => `${field} is a required field`,
  maxLength: (field: string, max: number) => `${field} must be at most ${max} characters`,
  minLength: (field: string, min: number) => `${field} must be at least ${min} characters`,
  email: (field: string) => `${field} must be a valid email`,
  oneOf: (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`,
  boolean: (field: string) => `${field} must be true or false`,
  wholeNumber: (field: string) => `${field} must be a whole number`,
  atLeast: (field: string, min: number) => `${field} must be at least ${min}`,
  atMost: (field: string, max: number) => `${field} must be at most ${max}`,
  /** `min` and `max` as ISO-8601 text (`PT1M`, `PT24H`). */
  minutes: (field: string, min: string, max: string) =>
    `${field} must be an ISO-8601 duration in whole minutes from ${min} to ${max}`,
} as const;
