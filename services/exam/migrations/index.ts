// The exam's schema: question banks, the questions issued to each learner and when each was revealed
// and answered, results, and the read
// models of learners, their approved plans and the plans (filled from auth's and the catalog's events).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_exam': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('learner')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('access_version')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('approval')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_pk', ['user_id', 'monsterplan_id'])
        .execute();
      await db.schema
        .createTable('monsterplan')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('has_exam', 'boolean', (c) => c.notNull())
        .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();

      // Plan ids are the catalog's; text, so its id format is its own business.
      await db.schema
        .createTable('question')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('nice_word', 'text', (c) => c.notNull())
        .addColumn('answers', 'jsonb', (c) => c.notNull())
        .addColumn('correct_answer_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('question_plan').on('question').columns(['monsterplan_id', 'position']).execute();

      await db.schema
        .createTable('sitting')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('questions', 'jsonb', (c) => c.notNull())
        .addPrimaryKeyConstraint('sitting_pk', ['user_id', 'monsterplan_id'])
        .execute();
      await db.schema
        .createTable('result')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addColumn('percent', 'double precision', (c) => c.notNull())
        .addColumn('correct_questions', 'integer', (c) => c.notNull())
        .addColumn('total_questions', 'integer', (c) => c.notNull())
        .addColumn('passed', 'boolean', (c) => c.notNull())
        .addColumn('answers', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('result_once', ['user_id', 'monsterplan_id'])
        .execute();
      await db.schema.createIndex('result_newest').on('result').columns(['created_at desc', 'id']).execute();
    },
  },
  // The server keeps each question's clock: a question is revealed when the learner reaches
  // it, and its answer is recorded with the time it came. Attempts begun before are dropped: their
  // learners start again, now one question at a time.
  '0002_revealed_question': {
    async up(db: Kysely<unknown>) {
      await sql`DELETE FROM sitting`.execute(db);
      await db.schema
        .createTable('revealed_question')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('revealed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('answer', 'text')
        .addColumn('answered_at', 'timestamptz')
        .addPrimaryKeyConstraint('revealed_question_pk', ['user_id', 'monsterplan_id', 'number'])
        .addForeignKeyConstraint('revealed_question_sitting', ['user_id', 'monsterplan_id'], 'sitting', ['user_id', 'monsterplan_id'], (c) => c.onDelete('cascade'))
        .execute();
    },
  },
};
