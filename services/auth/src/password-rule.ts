// The rule a password keeps beyond the contract's length: not one of the most common passwords
// (zxcvbn-ts's list of about 49,000, the well-kept one its strength estimator uses) and not the
// email's own name part. New passwords are refused for breaking it; an old one that breaks it still
// signs in, and its owner is asked for a new one.
import { auth } from '@learning/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '@learning/kit/http';

let commonPasswords: Set<string> | undefined;

/** The list as a set, made on first use (a few MB): the service asks at start, not in a learner's sign-in. */
export function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(dictionary['passwords-common'] as string[]);
  return commonPasswords;
}

export type PasswordProblem = 'too_short' | 'too_common' | 'contains_email_name';

/** What is wrong with `password` for the account of `email`, or undefined when it keeps the rule. */
export function passwordProblem(password: string, email: string): PasswordProblem | undefined {
  if (password.length < auth.passwordRule.minLength) return 'too_short';
  const lower = password.toLowerCase();
  if (loadCommonPasswords().has(lower)) return 'too_common';
  const name = email.toLowerCase().split('@')[0] ?? '';
  // A name of one to three letters is in too many passwords by chance to refuse them all.
  if (name.length >= 4 && lower.includes(name)) return 'contains_email_name';
  if (name.length > 0 && name.length < 4 && lower === name) return 'contains_email_name';
  return undefined;
}

/** Refuses a new password that breaks the rule, saying why in Mongolian. */
export function assertPasswordKeepsRule(password: string, email: string): void {
  switch (passwordProblem(password, email)) {
    case 'too_short':
      throw badRequest(`Нууц үг дор хаяж ${auth.passwordRule.minLength} тэмдэгт байна.`, 'password_too_short');
    case 'too_common':
      throw badRequest('Энэ нууц үг хэтэрхий түгээмэл тул амархан таагдана. Өөр нууц үг сонгоно уу.', 'password_too_common');
    case 'contains_email_name':
      throw badRequest('Нууц үгэнд имэйл хаягийнхаа @-аас өмнөх хэсгийг ашиглаж болохгүй.', 'password_contains_email_name');
    default:
      return;
  }
}
