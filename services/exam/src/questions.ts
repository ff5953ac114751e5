// A Monster plan's question bank (issue 6): the administrator imports questions from a file, lists
// them with their correct option, replaces or deletes one, or empties the bank.
import { randomUUID } from 'node:crypto';
import type { exam, Page, PageQuery } from '@learning/contracts';
import { isUuid, notFound, transaction } from '@learning/kit';
import { sql, type Selectable } from 'kysely';
import type { ExamDb, ExamTables } from './tables.js';

export const questionNotFound = () => notFound('Асуулт олдсонгүй.', 'question_not_found');

/** Adds the questions after the plan's others, or instead of them; answers how many the bank holds now. */
export async function importQuestions(
  db: ExamDb,
  monsterplanId: string,
  questions: readonly exam.BankQuestionInput[],
  { replace, onlyIfEmpty = false }: { replace: boolean; onlyIfEmpty?: boolean },
): Promise<{ count: number; imported: number }> {
  return transaction(db, async (trx) => {
    // Imports into one bank wait for each other, so positions never collide.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`question-bank:${monsterplanId}`}))`.execute(trx);
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
    return { count: await countQuestions(trx, monsterplanId), imported: rows.length };
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

export async function deleteQuestion(db: ExamDb, monsterplanId: string, questionId: string): Promise<void> {
  if (!isUuid(questionId)) throw questionNotFound();
  const deleted = await db.deleteFrom('question').where('id', '=', questionId).where('monsterplan_id', '=', monsterplanId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw questionNotFound();
}

export async function deleteBank(db: ExamDb, monsterplanId: string): Promise<void> {
  await db.deleteFrom('question').where('monsterplan_id', '=', monsterplanId).execute();
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
