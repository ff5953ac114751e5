// What each mail says, in Mongolian, as plain text and HTML: written when it is sent, from the few
// facts its queue row keeps, with the centre's name and contact and links built from PUBLIC_URL.
import { centreClockOf, type auth } from '@learning/contracts';

type Centre = auth.Centre;
type MailTopic = auth.MailTopic;
import type { LinkSigner } from './links.js';

/** What a queued mail keeps: enough to write it, and never a link's token. */
export type MailParams =
  | { kind: 'password-reset'; resetId: string }
  | { kind: 'google-account' }
  | { kind: 'notification'; topic: MailTopic; type: auth.NotificationType; message: string; link: string | null }
  | { kind: 'new-request'; subject: 'monsterplan' | 'lesson'; name: string; learnerEmail: string }
  | { kind: 'reminder' }
  | ({ kind: 'aloud-reminder' } & AloudDay);

/** The plan day of a read-aloud reminder, and when its window closes (ISO). */
export interface AloudDay {
  monsterplanId: string;
  monsterplanName: string;
  week: number;
  dayOfWeek: number;
  closesAt: string;
}

export interface MailContext {
  centre: Centre;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  signer: LinkSigner;
  /** How long a reset link works, in minutes (it is told to the learner). */
  resetMinutes: number;
}

export interface Message {
  subject: string;
  text: string;
  html: string;
  /** The links it carries, for the log of a mail written to a file. */
  links: string[];
  /** The page that switches this kind of mail off (the List-Unsubscribe header). */
  unsubscribeUrl?: string;
}

const notificationSubjects: Record<auth.NotificationType, string> = {
  'request-approved': 'Хүсэлт зөвшөөрөгдлөө',
  'request-cancelled': 'Хүсэлт цуцлагдлаа',
  'access-revoked': 'Нэвтрэх эрх хаагдлаа',
  'exam-result': 'Шалгалтын дүн',
  'refund-earned': 'Буцаан олголт авах эрхтэй боллоо',
  'refund-paid': 'Буцаан олголт олгогдлоо',
  'week-released': 'Шинэ долоо хоног нээгдлээ',
};

/** The daily reminder, by mail and by Web Push alike. */
export const reminderText = {
  title: 'Өнөөдрийн хичээлээ сонсох цаг боллоо',
  body: 'Өдөр бүр бага ч гэсэн сонсох нь дадал болгоход тусална. Өнөөдрийн хичээлээ үргэлжлүүлээрэй.',
  path: '/me',
} as const;

/** The read-aloud reminder, 3 hours before the day's window closes, by mail and by Web Push alike. */
export function aloudReminderText(day: AloudDay): { title: string; body: string; path: string } {
  return {
    title: 'Чанга уншлагын хугацаа дуусахад 3 цаг үлдлээ',
    body:
      `«${day.monsterplanName}» хөтөлбөрийн ${day.week}-р долоо хоног, ${day.dayOfWeek}-р өдрийн чанга уншлагаа ` +
      `${centreClockOf(new Date(day.closesAt))} цагаас (Улаанбаатарын цагаар) өмнө илгээвэл буцаан олголт авах эрхтэй болно.`,
    path: `/product-monster-plan/${encodeURIComponent(day.monsterplanId)}`,
  };
}

export const topicNames: Record<MailTopic, string> = {
  requests: 'хүсэлтийн шийдвэр',
  exam: 'шалгалтын дүн',
  refunds: 'буцаан олголт',
  weeks: 'шинэ долоо хоног',
  reminders: 'өдөр бүрийн сануулга',
};

/** A paragraph, or a link shown as a button. */
type Block = string | { link: string; label: string };

export function writeMail(params: MailParams, to: { userId: string | null }, context: MailContext): Message {
  const site = (path: string) => `${context.publicUrl}${path}`;
  switch (params.kind) {
    case 'password-reset': {
      const link = site(`/reset-password#token=${context.signer.resetToken(params.resetId)}`);
      return compose(context, 'Нууц үг сэргээх', [
        'Та нууц үгээ сэргээх хүсэлт илгээсэн байна. Доорх холбоосоор орж шинэ нууц үг сонгоно уу.',
        { link, label: 'Шинэ нууц үг сонгох' },
        `Холбоос ${context.resetMinutes} минутын турш, зөвхөн нэг удаа ажиллана. Шинэ нууц үг сонгомогц таны бүх төхөөрөмж дээрх нэвтрэлт хаагдана.`,
        'Хэрэв та энэ хүсэлтийг илгээгээгүй бол энэ имэйлийг үл тоомсорлоно уу: таны нууц үг өөрчлөгдөхгүй.',
      ]);
    }
    case 'google-account':
      return compose(context, 'Таны бүртгэл Google-ээр нэвтэрдэг', [
        'Та нууц үгээ сэргээх хүсэлт илгээсэн боловч таны бүртгэл нууц үггүй, Google-ээр нэвтэрдэг.',
        'Нэвтрэх хуудсанд «Google-ээр нэвтрэх» товчийг дарна уу.',
        { link: site('/signin'), label: 'Нэвтрэх' },
      ]);
    case 'notification': {
      const unsubscribeUrl = to.userId ? site(`/unsubscribe#token=${context.signer.unsubscribeToken(to.userId, params.topic)}`) : undefined;
      return compose(
        context,
        notificationSubjects[params.type],
        [params.message, ...(params.link ? [{ link: site(params.link), label: 'Дэлгэрэнгүй' }] : [])],
        unsubscribeUrl ? { url: unsubscribeUrl, topic: params.topic } : undefined,
      );
    }
    case 'reminder':
      return reminderMail(context, to, reminderText, 'Хичээлээ үргэлжлүүлэх', 'Сануулах цагаа «Миний бүртгэл» хэсгээс өөрчилж болно.');
    case 'aloud-reminder':
      return reminderMail(context, to, aloudReminderText(params), 'Чанга уншлага илгээх', 'Энэ сануулгыг «Миний бүртгэл» хэсгээс унтрааж болно.');
    case 'new-request': {
      const what = params.subject === 'monsterplan' ? 'Monster plan' : 'багц хичээл';
      const page = params.subject === 'monsterplan' ? '/administrator/monsterplans/requests' : '/administrator/lessons/requests';
      return compose(context, `Шинэ хүсэлт: ${params.name}`, [
        `${params.learnerEmail} «${params.name}» ${what}-д хамрагдах хүсэлт илгээлээ.`,
        { link: site(page), label: 'Хүсэлтүүдийг харах' },
      ]);
    }
  }
}

/** A reminder's mail: its text, a button to its page, where to change it, and the `reminders` unsubscribe link. */
function reminderMail(context: MailContext, to: { userId: string | null }, text: { title: string; body: string; path: string }, label: string, note: string): Message {
  const unsubscribeUrl = to.userId ? `${context.publicUrl}/unsubscribe#token=${context.signer.unsubscribeToken(to.userId, 'reminders')}` : undefined;
  return compose(
    context,
    text.title,
    [text.body, { link: `${context.publicUrl}${text.path}`, label }, note],
    unsubscribeUrl ? { url: unsubscribeUrl, topic: 'reminders' } : undefined,
  );
}

function compose(context: MailContext, title: string, blocks: Block[], unsubscribe?: { url: string; topic: MailTopic }): Message {
  const { centre, publicUrl } = context;
  const contact = [centre.phone && `Утас: ${centre.phone}`, centre.email && `Имэйл: ${centre.email}`, centre.address && `Хаяг: ${centre.address}`].filter(
    (line): line is string => Boolean(line),
  );
  const helpUrl = `${publicUrl}/help`;
  const footer = [`${centre.name}`, ...contact, `Холбоо барих: ${helpUrl}`];
  const unsubscribeLine = unsubscribe && `Танд ${topicNames[unsubscribe.topic]}-ийн тухай имэйл ирэхгүй байх: ${unsubscribe.url}`;

  const text = [
    `Сайн байна уу,`,
    '',
    ...blocks.flatMap((block) => (typeof block === 'string' ? [block, ''] : [`${block.label}: ${block.link}`, ''])),
    '--',
    ...footer,
    ...(unsubscribeLine ? ['', unsubscribeLine] : []),
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="mn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${centre.logoUrl ? `<p style="margin:0 0 8px"><img src="${escapeHtml(centre.logoUrl)}" alt="${escapeHtml(centre.name)}" height="48" style="display:block;height:48px;width:auto;max-width:200px"></p>\n` : ''}<p style="margin:0 0 16px;font-weight:bold;color:#2b6cb0">${escapeHtml(centre.name)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p>Сайн байна уу,</p>
${blocks
  .map((block) =>
    typeof block === 'string'
      ? `<p>${escapeHtml(block)}</p>`
      : `<p><a href="${escapeHtml(block.link)}" style="display:inline-block;background:#2b6cb0;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>`,
  )
  .join('\n')}
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">
<p style="font-size:13px;color:#52606d">${footer.slice(0, -1).map(escapeHtml).join('<br>')}<br><a href="${escapeHtml(helpUrl)}">Холбоо барих</a></p>
${unsubscribe ? `<p style="font-size:12px;color:#7b8794"><a href="${escapeHtml(unsubscribe.url)}">Ийм имэйл авахаа болих</a> (${escapeHtml(topicNames[unsubscribe.topic])})</p>` : ''}
</div></body></html>
`;
  const links = blocks.flatMap((block) => (typeof block === 'string' ? [] : [block.link]));
  return { subject: `${title} · ${centre.name}`, text, html, links, ...(unsubscribe ? { unsubscribeUrl: unsubscribe.url } : {}) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
