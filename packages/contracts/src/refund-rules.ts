// The refund claims' rules the browser checks before anything is sent, without zod (refunds.ts
// builds its schemas from them): the banks a learner can be paid into and what an account number is.

/** The banks of Mongolia a learner can be paid into (commercial banks licensed by the Bank of Mongolia). */
export const mongolianBanks = [
  'Хаан банк',
  'Голомт банк',
  'Худалдаа хөгжлийн банк',
  'Төрийн банк',
  'Хас банк',
  'Капитрон банк',
  'Богд банк',
  'Үндэсний хөрөнгө оруулалтын банк',
  'Ариг банк',
  'Тээвэр хөгжлийн банк',
  'Чингис хаан банк',
  'Кредит банк',
  'М банк',
] as const;
export type MongolianBank = (typeof mongolianBanks)[number];

/** earned: owed, no account given yet; details_given: owed, the account is on file; paid. */
export type ClaimState = 'earned' | 'details_given' | 'paid';
export const paymentMethods = ['bank_transfer', 'qpay_refund'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** An account number as typed, without its spaces and dashes, upper case (an IBAN's "MN"). */
export function normalisedAccountNumber(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

/** A Mongolian IBAN: MN, two check digits, 18 digits (the bank's code and the account), ISO 13616's mod 97. */
export function isMongolianIban(account: string): boolean {
  if (!/^MN\d{18}$/.test(account)) return false;
  const digits = account.slice(4) + '2223' + account.slice(2, 4);
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** A bank's own account number (5 to 20 digits), or an MN IBAN. */
export function isAccountNumber(account: string): boolean {
  return /^\d{5,20}$/.test(account) || isMongolianIban(account);
}

