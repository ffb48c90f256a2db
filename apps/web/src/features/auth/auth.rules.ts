// The checks of the sign-in form, without zod: the sign-in page is every visitor's first screen, and zod alone was
// a tenth of its JavaScript. The zod schemas of the other auth forms (auth.schemas.ts) use the same pattern and messages.

/** zod's `z.email()` pattern, so a typed address is accepted or refused as before. */
export const EMAIL_ADDRESS = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';

/** What is wrong with an email address as typed (surrounding spaces aside), or null when nothing is. */
export function emailProblem(typed: string): string | null {
  const email = typed.trim();
  if (email.length === 0) return EMAIL_REQUIRED;
  return EMAIL_ADDRESS.test(email) ? null : EMAIL_INVALID;
}

/** What is wrong with a password typed to sign in, or null: any non-empty text may be tried. */
export function signInPasswordProblem(typed: string): string | null {
  return typed.length === 0 ? PASSWORD_REQUIRED : null;
}
