// A Monster plan's question bank: the administrator imports questions from a file, lists them with
// their correct option, replaces or deletes one, or empties the bank. Each change of a bank's size
// tells the catalog (`question-bank.changed`), which offers the exam only while the bank can fill it.
import { randomUUID } from 'node:crypto';
import type { exam, Page, PageQuery } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { recordEvent } from '@learning/kit/events';
import { isUuid, notFound } from '@learning/kit/http';
import { sql, type Selectable } from 'kysely';
import type { ExamDb, ExamTables } from './tables.js';

export const questionNotFound = () => notFound('Асуулт олдсонгүй.', 'question_not_found');

/** Adds the questions after the plan's others, or instead of them; answers how many the bank holds now. */
export async function importQuestions(
  db: ExamDb,
  monsterplanId: string,
  questions: readonly exam.BankQuestionInput[],
  { replace, onlyIfEmpty = false, questionsPerExam }: { replace: boolean; onlyIfEmpty?: boolean; questionsPerExam: number },
): Promise<{ count: number; imported: number }> {
  return transaction(db, async (trx) => {
    await lockBank(trx, monsterplanId);
    if (replace) await trx.deleteFrom('question').where('monsterplan_id', '=', monsterplanId).execute();
    const { last } = await trx
      .selectFrom('question')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('monsterplan_id', '=', monsterplanId)
      .executeTakeFirstOrThrow();
    if (onlyIfEmpty && last !== null) return { count: await countQuestions(trx, monsterplanId), imported: 0 };
    const start = (last ?? 0) + 1;
    const rows = questions.map((question, index) => ({ monsterplan_id: monsterplanId, position: start + index, ...questionRow(question) }));
    for (let from = 0; from < rows.length; from += 500) await trx.insertInto('question').values(rows.slice(from, from + 500)).execute();
    const count = await announceBank(trx, monsterplanId, questionsPerExam);
    return { count, imported: rows.length };
  });
}

/**
 * Changes of one bank wait for each other, so positions never collide and each change's count,
 * announced in its transaction, is later than the one before.
 */
async function lockBank(trx: ExamDb, monsterplanId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`question-bank:${monsterplanId}`}))`.execute(trx);
}

/** Tells the catalog how many questions the bank holds now; answers the count. Call it under `lockBank`. */
async function announceBank(trx: ExamDb, monsterplanId: string, questionsPerExam: number): Promise<number> {
  const questionCount = await countQuestions(trx, monsterplanId);
  await recordEvent(trx, 'question-bank.changed', { monsterplanId, questionCount, questionsPerExam });
  return questionCount;
}

/**
 * At start, every bank's size, so the catalog knows banks made before it listened and an exam of a
 * changed size (EXAM_QUESTION_COUNT). The catalog keeps the latest of what it hears.
 */
export async function announceBanks(db: ExamDb, questionsPerExam: number): Promise<void> {
  await transaction(db, async (trx) => {
    const banks = await trx.selectFrom('question').select('monsterplan_id').distinct().execute();
    for (const { monsterplan_id: monsterplanId } of banks) {
      await lockBank(trx, monsterplanId);
      await announceBank(trx, monsterplanId, questionsPerExam);
    }
  });
}

export async function countQuestions(db: ExamDb, monsterplanId: string): Promise<number> {
  const { count } = await db
    .selectFrom('question')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('monsterplan_id', '=', monsterplanId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The bank in import order, with each question's correct option. */
export async function listQuestions(db: ExamDb, monsterplanId: string, { perPage, currentPage }: PageQuery): Promise<Page<exam.BankQuestion>> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('question')
      .selectAll()
      .where('monsterplan_id', '=', monsterplanId)
      .orderBy('position')
      .limit(perPage)
      .offset((currentPage - 1) * perPage)
      .execute(),
    countQuestions(db, monsterplanId),
  ]);
  return { result: rows.map(bankQuestionView), total };
}

export async function replaceQuestion(db: ExamDb, monsterplanId: string, questionId: string, input: exam.BankQuestionInput): Promise<exam.BankQuestion> {
  if (!isUuid(questionId)) throw questionNotFound();
  const row = await db
    .updateTable('question')
    .set(questionRow(input))
    .where('id', '=', questionId)
    .where('monsterplan_id', '=', monsterplanId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw questionNotFound();
  return bankQuestionView(row);
}

export async function deleteQuestion(db: ExamDb, monsterplanId: string, questionId: string, questionsPerExam: number): Promise<void> {
  if (!isUuid(questionId)) throw questionNotFound();
  await transaction(db, async (trx) => {
    await lockBank(trx, monsterplanId);
    const deleted = await trx.deleteFrom('question').where('id', '=', questionId).where('monsterplan_id', '=', monsterplanId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw questionNotFound();
    await announceBank(trx, monsterplanId, questionsPerExam);
  });
}

export async function deleteBank(db: ExamDb, monsterplanId: string, questionsPerExam: number): Promise<void> {
  await transaction(db, async (trx) => {
    await lockBank(trx, monsterplanId);
    await trx.deleteFrom('question').where('monsterplan_id', '=', monsterplanId).execute();
    await announceBank(trx, monsterplanId, questionsPerExam);
  });
}

/** Each option gets its own id; the correct one is kept apart from them. */
function questionRow(input: exam.BankQuestionInput) {
  const answers = input.answers.map((name) => ({ _id: randomUUID(), name }));
  return {
    question: input.question,
    nice_word: input.niceWord,
    answers: JSON.stringify(answers),
    correct_answer_id: answers[input.correctIndex]!._id,
  };
}

function bankQuestionView(row: Selectable<ExamTables['question']>): exam.BankQuestion {
  return { _id: row.id, question: row.question, niceWord: row.nice_word, answers: row.answers, correctAnswer: row.correct_answer_id };
}
