// The account rules the browser shows before anything is sent, without zod (auth.ts builds its
// schemas from them): what a new password must be, and the topics of the learner's mails.

/**
 * The rule a new password keeps, shown on the registration page before it is sent. The length is
 * checked by the contracts' schemas; the server also refuses the most common passwords and the
 * email's own name part.
 */
export const passwordRule = {
  minLength: 10,
  text: 'Нууц үг дор хаяж 10 тэмдэгт байна. Түгээмэл нууц үг (жишээ нь 1234567890, qwertyuiop) болон имэйл хаягийнхаа @-аас өмнөх хэсгийг ашиглаж болохгүй.',
} as const;

/** What the learner's mails are about; each can be switched off (the reset and sign-in mails cannot). */
export const mailTopics = ['requests', 'exam', 'refunds', 'weeks', 'reminders'] as const;
export type MailTopic = (typeof mailTopics)[number];
