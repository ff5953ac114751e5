// The plans' question banks as the exam service tells them: the exam is offered to learners, and
// may be switched on by an administrator, only while the bank holds enough questions for one exam.
import { examRules } from '@learning/contracts';
import type { EventOf } from '@learning/kit/events';
import { conflict } from '@learning/kit/http';
import { sql } from 'kysely';
import type { CatalogDb } from './tables.js';

export interface ExamQuestions {
  count: number;
  needed: number;
}

/** A bank the exam has not told of yet is empty, for an exam of the default size. */
const unknownBank: ExamQuestions = { count: 0, needed: examRules.questionCount };

export async function applyQuestionBankChanged(trx: CatalogDb, event: EventOf<'question-bank.changed'>): Promise<void> {
  const { monsterplanId, questionCount, questionsPerExam } = event.data;
  const asOf = new Date(event.occurredAt);
  await trx
    .insertInto('question_bank')
    .values({ monsterplan_id: monsterplanId, question_count: questionCount, questions_per_exam: questionsPerExam, as_of: asOf })
    .onConflict((c) =>
      c
        .column('monsterplan_id')
        .doUpdateSet({ question_count: questionCount, questions_per_exam: questionsPerExam, as_of: asOf })
        .where(sql<boolean>`question_bank.as_of <= ${asOf}`),
    )
    .execute();
}

export async function examQuestionsOf(db: CatalogDb, monsterplanIds: string[]): Promise<Map<string, ExamQuestions>> {
  if (monsterplanIds.length === 0) return new Map();
  const rows = await db.selectFrom('question_bank').selectAll().where('monsterplan_id', 'in', monsterplanIds).execute();
  const banks = new Map(rows.map((row) => [row.monsterplan_id, { count: row.question_count, needed: row.questions_per_exam }]));
  return new Map(monsterplanIds.map((id) => [id, banks.get(id) ?? unknownBank]));
}

/** Refuses to switch a plan's exam on while its bank cannot fill one exam. */
export async function assertBankCanFillExam(db: CatalogDb, monsterplanId: string | undefined): Promise<void> {
  const bank = monsterplanId ? (await examQuestionsOf(db, [monsterplanId])).get(monsterplanId)! : unknownBank;
  if (bank.count >= bank.needed) return;
  throw conflict(
    `Асуултын санд ${bank.count} асуулт байна: шалгалтыг асаахын өмнө дор хаяж ${bank.needed} асуулт оруулна уу (асуултын сангийн файл импортлох).`,
    'exam_bank_short',
  );
}
