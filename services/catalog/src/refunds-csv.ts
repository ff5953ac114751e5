// A plan's refund report as a CSV file for the centre's accounts: UTF-8 with a byte order mark (Excel
// then reads the Cyrillic), RFC 4180 quoting, CRLF line ends, one row per refund, Mongolian headings,
// times in Asia/Ulaanbaatar.
import { centreClockOf, type refunds } from '@learning/contracts';

const byteOrderMark = '\uFEFF';
const heading = ['Имэйл', 'Хөтөлбөрийн үнэ', 'Төрөл', 'Дүн (₮)', 'Олгох болсон', 'Дэлгэрэнгүй', 'Төлсөн', 'Төлсөн огноо', 'Төлсөн админ'];
const kindNames: Record<refunds.RefundKind, string> = { exam: 'Шалгалт', aloud: 'Уншлага' };

export function refundsCsv(report: refunds.PlanRefunds): string {
  const rows = report.result.flatMap(({ user, items, paidPrice }) =>
    items.map((item) => [
      user.email,
      paidPrice ?? '',
      kindNames[item.kind],
      String(item.amount),
      centreClockOf(new Date(item.earnedAt)),
      detailOf(item),
      item.paidAt ? 'Тийм' : 'Үгүй',
      item.paidAt ? centreClockOf(new Date(item.paidAt)) : '',
      item.paidBy?.email ?? '',
    ]),
  );
  return byteOrderMark + [heading, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** "35/40" for the exam, "2-р долоо хоног, 3-р өдөр" for a recording. */
function detailOf(item: refunds.RefundItem): string {
  if (item.exam) return `${item.exam.correctQuestions}/${item.exam.totalQuestions}`;
  if (item.aloud) return `${item.aloud.week}-р долоо хоног, ${item.aloud.dayOfWeek}-р өдөр`;
  return '';
}

/**
 * RFC 4180: a field with a comma, quote or line break goes in quotes, its quotes doubled. A field
 * starting like a formula (=, +, -, @) gets a leading apostrophe so a spreadsheet shows it as text.
 */
export function csvField(value: string): string {
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
