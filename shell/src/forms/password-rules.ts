// The rules of a new password (registration, the reset link, the change-password page), from the
// contract's passwordRule, as i18n keys of the 'shell' namespace, with the texts that state them.
import { passwordRule } from '@learning/contracts';
import { registerTranslations } from '@learning/platform';
import { emailError, withoutEmpty, type Errors } from './rules';

const { minLength } = passwordRule;

registerTranslations('shell', {
  mn: {
    newPassword: { rule: passwordRule.text },
    validation: { passwordTooShort: `Нууц үг дор хаяж ${minLength} тэмдэгт байна.` },
  },
  en: {
    newPassword: {
      rule: `The password needs at least ${minLength} characters. Common passwords (such as 1234567890 or qwertyuiop) and the part of your email address before the @ cannot be used.`,
    },
    validation: { passwordTooShort: `The password needs at least ${minLength} characters.` },
  },
});

export type NewPasswordFields = 'password' | 'repeatPassword';

/**
 * A new password and its repetition. Only the length is checked here, which saves a round trip; the
 * server also refuses common passwords and the email's name part, and says so in its message.
 */
export function newPasswordErrors({ password, repeatPassword }: Record<NewPasswordFields, string>): Errors<NewPasswordFields> {
  return withoutEmpty({
    password: !password ? 'validation.passwordRequired' : password.length < minLength ? 'validation.passwordTooShort' : undefined,
    repeatPassword: !repeatPassword
      ? 'validation.repeatPasswordRequired'
      : password && repeatPassword !== password
        ? 'validation.passwordsDiffer'
        : undefined,
  });
}

export type RegistrationFields = 'email' | 'name' | NewPasswordFields;

export function registrationErrors(values: Record<RegistrationFields, string>): Errors<RegistrationFields> {
  const { email, name } = values;
  return {
    ...withoutEmpty({ email: emailError(email), name: name.trim() ? undefined : 'validation.nameRequired' }),
    ...newPasswordErrors(values),
  };
}

export type ChangePasswordFields = 'currentPassword' | NewPasswordFields;

export function changePasswordErrors(values: Record<ChangePasswordFields, string>): Errors<ChangePasswordFields> {
  return {
    ...withoutEmpty({ currentPassword: values.currentPassword ? undefined : 'validation.passwordRequired' }),
    ...newPasswordErrors(values),
  };
}
