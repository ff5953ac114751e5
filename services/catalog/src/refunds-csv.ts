// A plan's refund report as a CSV file for the centre's accounts (csv.ts): one row per refund,
// Mongolian headings, times in Asia/Ulaanbaatar.
import { centreClockOf, type refunds } from '@learning/contracts';
import { csvFile } from './csv.js';

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
  return csvFile(heading, rows);
}

/** "35/40" for the exam, "2-р долоо хоног, 3-р өдөр" for a recording. */
function detailOf(item: refunds.RefundItem): string {
  if (item.exam) return `${item.exam.correctQuestions}/${item.exam.totalQuestions}`;
  if (item.aloud) return `${item.aloud.week}-р долоо хоног, ${item.aloud.dayOfWeek}-р өдөр`;
  return '';
}
