// The learners' exam results for the administrator (spec sections 2 and 7): newest first, paged,
// each with the learner's email and the plan's name from the read models.
import type { exam, Page, PageQuery } from '@learning/contracts';
import type { ExamDb } from './tables.js';

export async function listResults(db: ExamDb, { perPage, currentPage }: PageQuery): Promise<Page<exam.ExamResultRow>> {
  const [rows, { total }] = await Promise.all([
    db
      .selectFrom('result as r')
      .leftJoin('learner as l', 'l.user_id', 'r.user_id')
      .leftJoin('monsterplan as m', 'm.id', 'r.monsterplan_id')
      .select(['r.id', 'r.user_id', 'r.monsterplan_id', 'r.percent', 'r.correct_questions', 'r.total_questions', 'r.passed', 'r.created_at', 'l.email', 'm.name'])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .limit(perPage)
      .offset((currentPage - 1) * perPage)
      .execute(),
    db.selectFrom('result').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    result: rows.map((row) => ({
      _id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      user: { _id: row.user_id, email: row.email ?? '' },
      monsterplan: { _id: row.monsterplan_id, name: row.name ?? '' },
      percent: row.percent,
      totalQuestions: row.total_questions,
      correctQuestions: row.correct_questions,
      passed: row.passed,
    })),
    total: Number(total),
  };
}
