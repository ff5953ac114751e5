// The auth service's schema: accounts, and the read model of each user's grants and exam results
// (filled from catalog and exam events).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('google_id', 'text', (c) => c.unique())
        .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('account_created_at').on('account').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('signing_key')
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('grant')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('monsterplan', 'pendingMonsterplan', 'lesson', 'pendingLesson')`),
        )
        .addColumn('ref_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('grant_pk', ['user_id', 'kind', 'ref_id'])
        .execute();

      await db.schema
        .createTable('exam_result')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addColumn('percent', 'real', (c) => c.notNull())
        .addColumn('correct_questions', 'integer', (c) => c.notNull())
        .addColumn('total_questions', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('exam_result_pk', ['user_id', 'monsterplan_id'])
        .execute();
    },
  },
  // The version of each user's access that the grants reflect: every catalog event carries one, and
  // an event that arrives after a newer one (redelivered, or overtaken) changes nothing.
  '0002_access_version': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('access_version')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  // A Google sign-in between its start and its callback: the state names it; the nonce and the PKCE
  // verifier never leave the server. A row is taken (deleted) by the callback, so a state works once.
  '0003_google_sign_in': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('google_attempt')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  // The learner's notifications, made from other services' events: one per event (its id
  // is unique, so a redelivered event makes none), dated by the event. `subject_id` is the refund a
  // refund-paid notification is about, so an undone payment finds it.
  '0004_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('subject_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('read_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('notification_user_created_at')
        .on('notification')
        .columns(['user_id', 'created_at desc'])
        .execute();
    },
  },
  // Accounts that recover and mail that arrives. A reset link's token is kept only as its SHA-256;
  // `sign_in_failure` counts wrong passwords per address (any address, so it tells nothing of which
  // have accounts); `mail` is the queue of mails to send, each made once (`dedupe_key`: the event and
  // what the mail is) and holding only what is needed to write it at sending time, never a link's token.
  '0005_recovery_and_mail': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('account')
        .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();

      await db.schema
        .createTable('password_reset')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .addColumn('ended', 'text', (c) => c.check(sql`ended in ('used', 'superseded')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('password_reset_user').on('password_reset').column('user_id').execute();

      await db.schema
        .createTable('sign_in_failure')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failed_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('mail')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('user_id', 'uuid')
        .addColumn('params', 'jsonb', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting').check(sql`state in ('waiting', 'sent', 'failed')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('lease_until', 'timestamptz')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('sent_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('mail_waiting').on('mail').columns(['state', 'next_attempt_at']).execute();

      await db.schema
        .createTable('mail_opt_out')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('mail_opt_out_pk', ['user_id', 'topic'])
        .execute();
    },
  },

  // The logo an administrator uploaded: one row at most, the picture itself (a few hundred KB at
  // most), so it is in the database's backups with the rest of the centre's settings.
  '0006_centre_logo': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('centre_logo')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', 'bytea', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },

  // The token-signing key is a secret the operator gives (TOKEN_SIGNING_KEY), so that no dump of
  // the database carries it; the key kept here goes, and the tokens it signed with it.
  '0007_signing_key_out_of_the_database': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('signing_key').ifExists().execute();
    },
  },
  // Reminders: the time of each learner's daily reminder (Ulaanbaatar's), each device's Web Push
  // subscription, and the reminders claimed, one per learner and day whichever instance claims it.
  '0008_reminders': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reminder_setting')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('account.id').onDelete('cascade'))
        .addColumn('daily_at', 'text', (c) => c.check(sql`daily_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('push_subscription')
        .addColumn('endpoint', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('push_subscription_user').on('push_subscription').column('user_id').execute();
      await db.schema
        .createTable('reminder_claim')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('slot', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('reminder_claim_pk', ['user_id', 'slot'])
        .execute();
    },
  },
  // The read-aloud reminder: the learner's opt-in; each plan day's read-aloud window as the catalog
  // opened it (`aloud.window-opened`) with the learner's latest recording of the day (`aloud.recorded`),
  // either of which may arrive first; and the plans whose read-aloud refund the learner has earned
  // (`refund.earned`), after which no window of the plan needs a reminder.
  '0009_aloud_reminders': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('reminder_setting')
        .addColumn('aloud_window', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .createTable('aloud_window')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addColumn('week', 'integer', (c) => c.notNull())
        .addColumn('day_of_week', 'integer', (c) => c.notNull())
        .addColumn('monsterplan_name', 'text')
        .addColumn('assigned_at', 'timestamptz')
        .addColumn('closes_at', 'timestamptz')
        .addColumn('recorded_at', 'timestamptz')
        .addPrimaryKeyConstraint('aloud_window_pk', ['user_id', 'monsterplan_id', 'week', 'day_of_week'])
        .execute();
      await db.schema.createIndex('aloud_window_closes_at').on('aloud_window').column('closes_at').execute();
      await db.schema
        .createTable('aloud_refund_earned')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('account.id').onDelete('cascade'))
        .addColumn('monsterplan_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('aloud_refund_earned_pk', ['user_id', 'monsterplan_id'])
        .execute();
    },
  },
};
