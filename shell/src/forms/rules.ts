// Validation of the sign-in and registration forms (spec section 5), as i18n keys of the 'shell'
// namespace. The server checks the same rules again (packages/contracts/src/auth.ts); the email
// pattern is the one zod uses there, so both sides accept the same addresses.

export type Errors<Field extends string> = Partial<Record<Field, string>>;

const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'validation.emailRequired';
  if (value.length > 254 || !emailPattern.test(value)) return 'validation.emailInvalid';
  return undefined;
}

export function loginErrors({ email, password }: { email: string; password: string }): Errors<'email' | 'password'> {
  return withoutEmpty({ email: emailError(email), password: password ? undefined : 'validation.passwordRequired' });
}

export type RegistrationFields = 'email' | 'name' | 'password' | 'repeatPassword';

export function registrationErrors(values: Record<RegistrationFields, string>): Errors<RegistrationFields> {
  const { email, name, password, repeatPassword } = values;
  return withoutEmpty({
    email: emailError(email),
    name: name.trim() ? undefined : 'validation.nameRequired',
    // The server refuses a password under 8 characters; saying so here saves a round trip.
    password: !password ? 'validation.passwordRequired' : password.length < 8 ? 'validation.passwordTooShort' : undefined,
    repeatPassword: !repeatPassword
      ? 'validation.repeatPasswordRequired'
      : password && repeatPassword !== password
        ? 'validation.passwordsDiffer'
        : undefined,
  });
}

function withoutEmpty<Field extends string>(errors: Record<Field, string | undefined>): Errors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error)) as Errors<Field>;
}
