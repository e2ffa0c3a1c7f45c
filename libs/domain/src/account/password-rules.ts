/** SPEC.md section 5 (password change) and section 8 (how a refusal reads). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** On zxcvbn's scale (0 to 4): below 3 a password falls to an online or a fast offline guessing attack. */
export const PASSWORD_MIN_STRENGTH = 3;
/** Shown after 'Password ': why it is refused and what to do instead (NIST 800-63B asks for both). */
export const PASSWORD_TOO_COMMON = 'is too common: choose one that others are unlikely to use';
export const PASSWORD_CONTAINS_EMAIL = "can't contain your email address";

export interface PasswordForm {
  current_password?: string;
  password?: string;
  password_confirmation?: string;
}

export type PasswordField = keyof PasswordForm;
export type PasswordErrors = Partial<Record<PasswordField, string[]>>;

/**
 * Problems of a password form, per field, before anything is hashed or verified. A reset has no
 * current password, so it is only required when asked for.
 */
export function passwordFormErrors(form: PasswordForm, options: { requireCurrent: boolean }): PasswordErrors {
  const errors: PasswordErrors = {};
  if (options.requireCurrent && !form.current_password) errors.current_password = ['Required'];
  const password = form.password ?? '';
  if (!password) errors.password = ['Required'];
  else if (password.length < PASSWORD_MIN_LENGTH)
    errors.password = [`is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`];
  else if (password.length > PASSWORD_MAX_LENGTH)
    errors.password = [`is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)`];
  if (!form.password_confirmation) errors.password_confirmation = ['Required'];
  else if (password && form.password_confirmation !== password)
    errors.password_confirmation = ["doesn't match Password"];
  return errors;
}

const LABELS: Record<PasswordField, string> = {
  current_password: 'Current password',
  password: 'Password',
  password_confirmation: 'Confirmation password',
};

/**
 * The sentence a refusal shows (SPEC.md section 8): one part per field, 'Password {list}' and
 * 'Confirmation password {list}', the current password's problem first. Null when there is none.
 */
export function passwordErrorText(fields: Partial<Record<string, string[] | string>> | undefined): string | null {
  const parts = (Object.keys(LABELS) as PasswordField[]).flatMap((field) => {
    const value = fields?.[field];
    const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    return list.length > 0 ? [`${LABELS[field]} ${list.join(', ')}`] : [];
  });
  return parts.length > 0 ? parts.join('. ') : null;
}

/** Whether the password holds the account's email or its part before the @ (from 3 characters), ignoring case. */
export function passwordContainsEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  return (address.length > 0 && lower.includes(address)) || (local.length >= 3 && lower.includes(local));
}

/**
 * NIST 800-63B: refuse what attackers try first, the account's own email and the passwords many
 * people choose. `strength` is a checker's score (0 to 4) of the password; the api runs the checker.
 */
export function passwordStrengthErrors(password: string, email: string, strength: number): PasswordErrors {
  if (passwordContainsEmail(password, email)) return { password: [PASSWORD_CONTAINS_EMAIL] };
  if (strength < PASSWORD_MIN_STRENGTH) return { password: [PASSWORD_TOO_COMMON] };
  return {};
}
