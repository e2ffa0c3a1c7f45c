/** Sign-up: POST mails the link (SPEC.md section 7 puts it at the root); the link reads and completes it. */
export const REGISTRATIONS_API = '/registrations';
export const registrationPath = (id: string) => `/api/v1/registrations/${encodeURIComponent(id)}`;
export const registrationCompletePath = (id: string) => `${REGISTRATIONS_API}/${encodeURIComponent(id)}/complete`;
