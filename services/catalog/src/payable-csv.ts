// The claims ready to pay as a CSV file for the bank's bulk transfer (csv.ts): one row per claim,
// Mongolian headings, the earning time in Asia/Ulaanbaatar. The description is what the transfer's
// statement shows the learner.
import { centreClockOf, type refunds } from '@learning/contracts';
import { csvFile } from './csv.js';

export const payableHeading = [
  'Банк',
  'Дансны дугаар',
  'Данс эзэмшигч',
  'Дүн (₮)',
  'Гүйлгээний утга',
  'Имэйл',
  'Буцаан олголтын дугаар',
  'Олгох болсон',
];
const kindNames: Record<refunds.RefundKind, string> = { exam: 'шалгалт', aloud: 'уншлага' };

/** "Monster plan "Хавар" - шалгалтын буцаан олголт". */
export function transferDescription(claim: Pick<refunds.PayableRefund, 'monsterplan' | 'kind'>): string {
  return `${claim.monsterplan.name} - ${kindNames[claim.kind]}ын буцаан олголт`;
}

export function payableCsv(claims: refunds.PayableRefund[]): string {
  const rows = claims.map((claim) => [
    claim.bankAccount.bankName,
    claim.bankAccount.accountNumber,
    claim.bankAccount.accountHolder,
    String(claim.amount),
    transferDescription(claim),
    claim.user.email,
    claim._id,
    centreClockOf(new Date(claim.earnedAt)),
  ]);
  return csvFile(payableHeading, rows);
}
