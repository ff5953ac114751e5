// Validation of the sign-in forms (spec section 5), as i18n keys of the 'shell' namespace; a new
// password's rules are in password-rules.ts. The server checks the same rules again
// (packages/contracts/src/auth.ts); the email pattern is the one zod uses there, so both sides accept
// the same addresses.

export type Errors<Field extends string> = Partial<Record<Field, string>>;

const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'validation.emailRequired';
  if (value.length > 254 || !emailPattern.test(value)) return 'validation.emailInvalid';
  return undefined;
}

export function emailErrors({ email }: { email: string }): Errors<'email'> {
  return withoutEmpty({ email: emailError(email) });
}

export function loginErrors({ email, password }: { email: string; password: string }): Errors<'email' | 'password'> {
  return withoutEmpty({ email: emailError(email), password: password ? undefined : 'validation.passwordRequired' });
}

export function withoutEmpty<Field extends string>(errors: Record<Field, string | undefined>): Errors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error)) as Errors<Field>;
}
