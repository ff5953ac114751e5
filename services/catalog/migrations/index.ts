// The catalog's schema: lesson bundles and Monster plans with their videos, learners' access
// requests and the version of each learner's access, and the read models of learners and videos
// (filled from auth's and media's events), and what each learner heard of each video.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '0001_catalog': {
    async up(db: Kysely<unknown>) {
      // Read models. Video ids are the media service's; text, so its id format is its own business.
      await db.schema
        .createTable('learner')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('video')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('monsterplan', 'lesson')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('translate_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('has_subtitle', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();

      // created_at is the clock's time, not the transaction's: bundles made in one transaction keep their order.
      await db.schema
        .createTable('lesson')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await db.schema
        .createTable('lesson_video')
        .addColumn('lesson_id', 'uuid', (c) => c.notNull().references('lesson.id').onDelete('cascade'))
        .addColumn('video_id', 'text', (c) => c.notNull().references('video.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lesson_video_pk', ['lesson_id', 'video_id'])
        .execute();
      await db.schema.createIndex('lesson_video_video').on('lesson_video').column('video_id').execute();

      await db.schema
        .createTable('monsterplan')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price', 'text', (c) => c.notNull())
        .addColumn('early_price', 'text')
        .addColumn('early_price_until', 'timestamptz')
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('has_exam', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await db.schema
        .createTable('monsterplan_video')
        .addColumn('monsterplan_id', 'uuid', (c) => c.notNull().references('monsterplan.id').onDelete('cascade'))
        .addColumn('video_id', 'text', (c) => c.notNull().references('video.id').onDelete('cascade'))
        .addColumn('week', 'integer', (c) => c.notNull())
        .addColumn('day_of_week', 'integer', (c) => c.notNull())
        .addColumn('monster_words', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('monsterplan_video_pk', ['monsterplan_id', 'video_id'])
        .execute();
      await db.schema.createIndex('monsterplan_video_video').on('monsterplan_video').column('video_id').execute();

      // One table for both request families: a request names either a lesson or a plan.
      await db.schema
        .createTable('access_request')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('lesson', 'monsterplan')`))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('lesson_id', 'uuid', (c) => c.references('lesson.id').onDelete('cascade'))
        .addColumn('monsterplan_id', 'uuid', (c) => c.references('monsterplan.id').onDelete('cascade'))
        .addColumn('is_approved', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .addColumn('approved_at', 'timestamptz')
        .addCheckConstraint(
          'access_request_names_its_bundle',
          sql`(kind = 'lesson' and lesson_id is not null and monsterplan_id is null) or (kind = 'monsterplan' and monsterplan_id is not null and lesson_id is null)`,
        )
        // One request per learner and bundle: two simultaneous requests make one (the other gets 409).
        .addUniqueConstraint('access_request_one_per_lesson', ['user_id', 'lesson_id'])
        .addUniqueConstraint('access_request_one_per_monsterplan', ['user_id', 'monsterplan_id'])
        .execute();
      // The administrator's list, newest first: a page is read from the index alone, however deep.
      await sql`
        CREATE INDEX access_request_newest ON access_request (kind, created_at DESC, id DESC)
        INCLUDE (user_id, lesson_id, monsterplan_id, is_approved)`.execute(db);
      await db.schema.createIndex('access_request_lesson').on('access_request').column('lesson_id').execute();
      await db.schema.createIndex('access_request_monsterplan').on('access_request').column('monsterplan_id').execute();

      // The totals the administrator's lists and badge show, kept by the database itself, so that no
      // change (a bundle's deletion cascades to its requests) is missed and no list counts 100,000 rows
      // per page. Statement triggers with transition tables: one update per statement, not per row.
      await db.schema
        .createTable('request_tally')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`INSERT INTO request_tally (kind) VALUES ('lesson'), ('monsterplan')`.execute(db);
      await sql`
        CREATE FUNCTION tally_requests() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            UPDATE request_tally t SET total = t.total + c.total, pending = t.pending + c.pending
            FROM (SELECT kind, count(*) AS total, count(*) FILTER (WHERE NOT is_approved) AS pending FROM added GROUP BY kind) c
            WHERE t.kind = c.kind;
          END IF;
          IF TG_OP IN ('DELETE', 'UPDATE') THEN
            UPDATE request_tally t SET total = t.total - c.total, pending = t.pending - c.pending
            FROM (SELECT kind, count(*) AS total, count(*) FILTER (WHERE NOT is_approved) AS pending FROM removed GROUP BY kind) c
            WHERE t.kind = c.kind;
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER access_request_added AFTER INSERT ON access_request
        REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION tally_requests()`.execute(db);
      await sql`CREATE TRIGGER access_request_changed AFTER UPDATE ON access_request
        REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION tally_requests()`.execute(db);
      await sql`CREATE TRIGGER access_request_removed AFTER DELETE ON access_request
        REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION tally_requests()`.execute(db);

      // Grows with every statement that changes what the public lists show (bundles, plans, their
      // videos, the video read model), so each instance keeps the lists' answers until it moves.
      await db.schema
        .createTable('catalog_revision')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO catalog_revision (id, revision) VALUES (1, 0)`.execute(db);
      await sql`
        CREATE FUNCTION bump_catalog_revision() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1;
          RETURN NULL;
        END $$`.execute(db);
      for (const table of ['lesson', 'lesson_video', 'monsterplan', 'monsterplan_video', 'video']) {
        await sql`CREATE TRIGGER ${sql.raw(`${table}_changes_catalog`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision()`.execute(db);
      }

      // Grows with every change of a learner's access, so auth keeps the newest snapshot of it.
      await db.schema
        .createTable('access_version')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    },
  },

  '0002_request_revision': {
    async up(db: Kysely<unknown>) {
      // Grows with every statement that changes what the administrator's pages of requests show:
      // the requests of the kind and the learners' emails (with catalog_revision for the bundles),
      // so each instance keeps the pages until it moves.
      await sql`ALTER TABLE request_tally ADD COLUMN revision bigint NOT NULL DEFAULT 0`.execute(db);
      await sql`
        CREATE OR REPLACE FUNCTION tally_requests() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            UPDATE request_tally t SET total = t.total + c.total, pending = t.pending + c.pending, revision = t.revision + 1
            FROM (SELECT kind, count(*) AS total, count(*) FILTER (WHERE NOT is_approved) AS pending FROM added GROUP BY kind) c
            WHERE t.kind = c.kind;
          END IF;
          IF TG_OP IN ('DELETE', 'UPDATE') THEN
            UPDATE request_tally t SET total = t.total - c.total, pending = t.pending - c.pending, revision = t.revision + 1
            FROM (SELECT kind, count(*) AS total, count(*) FILTER (WHERE NOT is_approved) AS pending FROM removed GROUP BY kind) c
            WHERE t.kind = c.kind;
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`
        CREATE FUNCTION bump_request_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE request_tally SET revision = revision + 1;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER learner_changes_requests AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON learner
        FOR EACH STATEMENT EXECUTE FUNCTION bump_request_revisions()`.execute(db);
    },
  },

  '0003_listening': {
    async up(db: Kysely<unknown>) {
      // media's probe, from `video.published`; null when it could not read the file (or the event predates it).
      await sql`ALTER TABLE video ADD COLUMN duration_seconds double precision`.execute(db);

      // Per learner and video: the heard ranges merged ([[start, end], …] in video seconds), their unique
      // seconds, the last playhead, the clipping budget left and the server's time of the last report (the
      // budget refills from it), and of completion (set once: video-completed is recorded then).
      await db.schema
        .createTable('listening')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('video_id', 'text', (c) => c.notNull().references('video.id').onDelete('cascade'))
        .addColumn('heard', 'jsonb', (c) => c.notNull())
        .addColumn('heard_seconds', 'double precision', (c) => c.notNull())
        .addColumn('position', 'double precision', (c) => c.notNull())
        .addColumn('budget_seconds', 'double precision', (c) => c.notNull())
        .addColumn('reported_at', 'timestamptz', (c) => c.notNull())
        .addColumn('completed_at', 'timestamptz')
        .addPrimaryKeyConstraint('listening_pk', ['user_id', 'video_id'])
        .execute();

      // The days, plans and bundles a learner completed (`monsterplan:<id>:day:<week>:<day>`,
      // `monsterplan:<id>`, `lesson:<id>`): a row is inserted once, and its event recorded with it.
      await db.schema
        .createTable('listening_milestone')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('milestone', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('listening_milestone_pk', ['user_id', 'milestone'])
        .execute();
    },
  },

  '0004_centre_loop': {
    async up(db: Kysely<unknown>) {
      // What a pending learner must do: the administrator's free text (bank account, QPay, cash at the centre).
      await sql`ALTER TABLE lesson ADD COLUMN payment_instructions text NOT NULL DEFAULT ''`.execute(db);
      await sql`ALTER TABLE monsterplan ADD COLUMN payment_instructions text NOT NULL DEFAULT ''`.execute(db);
      // Days released one a day from the learner's approval date at 00:00 Asia/Ulaanbaatar, when set.
      await sql`ALTER TABLE monsterplan ADD COLUMN release_daily boolean NOT NULL DEFAULT false`.execute(db);

      // The moment a plan day was assigned to a learner: first opened, or released (release_daily).
      await db.schema
        .createTable('day_assignment')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('monsterplan_id', 'uuid', (c) => c.notNull().references('monsterplan.id').onDelete('cascade'))
        .addColumn('week', 'integer', (c) => c.notNull())
        .addColumn('day_of_week', 'integer', (c) => c.notNull())
        .addColumn('assigned_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('day_assignment_pk', ['user_id', 'monsterplan_id', 'week', 'day_of_week'])
        .execute();

      // media's read-aloud recordings (`aloud.recorded`): the plan day each was sent for, and when.
      await db.schema
        .createTable('aloud_recording')
        .addColumn('aloud_id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('monsterplan_id', 'uuid')
        .addColumn('week', 'integer')
        .addColumn('day_of_week', 'integer')
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('aloud_recording_plan').on('aloud_recording').columns(['monsterplan_id', 'user_id']).execute();

      // The refund ledger: at most one refund of each kind per learner and plan. No foreign key to the
      // plan: what is owed stays owed if the plan is deleted.
      await db.schema
        .createTable('refund')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('monsterplan_id', 'uuid', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('exam', 'aloud')`))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('earned_at', 'timestamptz', (c) => c.notNull())
        .addColumn('aloud_id', 'uuid')
        .addColumn('correct_questions', 'integer')
        .addColumn('total_questions', 'integer')
        .addColumn('paid_at', 'timestamptz')
        .addColumn('paid_by', 'uuid')
        .addColumn('paid_by_email', 'text')
        .addUniqueConstraint('refund_once', ['user_id', 'monsterplan_id', 'kind'])
        .execute();
      await db.schema.createIndex('refund_plan').on('refund').columns(['monsterplan_id', 'user_id']).execute();

      // The weeks whose release a learner was told of (`monsterplan.week-released`), each once.
      await db.schema
        .createTable('week_release')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('monsterplan_id', 'uuid', (c) => c.notNull().references('monsterplan.id').onDelete('cascade'))
        .addColumn('week', 'integer', (c) => c.notNull())
        .addColumn('released_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('week_release_pk', ['user_id', 'monsterplan_id', 'week'])
        .execute();
    },
  },

  '0005_hls_ladder': {
    async up(db: Kysely<unknown>) {
      // The videos whose HLS ladder media has made (`video.transcoded`): play answers its master playlist.
      // No foreign key to video: a ladder is often made before the administrator publishes the video.
      await db.schema.createTable('video_ladder').addColumn('video_id', 'text', (c) => c.primaryKey()).execute();
    },
  },

  '0006_dictation': {
    async up(db: Kysely<unknown>) {
      // A learner's latest dictation of a video, shown with its listening progress.
      await db.schema
        .createTable('dictation')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('video_id', 'text', (c) => c.notNull().references('video.id').onDelete('cascade'))
        .addColumn('lines', 'integer', (c) => c.notNull())
        .addColumn('correct_words', 'integer', (c) => c.notNull())
        .addColumn('total_words', 'integer', (c) => c.notNull())
        .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('dictation_pk', ['user_id', 'video_id'])
        .execute();
    },
  },

  '0007_question_banks': {
    async up(db: Kysely<unknown>) {
      // Each plan's question bank as the exam service tells it (question-bank.changed): the exam is
      // offered, and may be switched on, only when the bank can fill one. `as_of` is the event's time,
      // so an older event arriving late changes nothing. The plans' lists show it: it moves their revision.
      await db.schema
        .createTable('question_bank')
        .addColumn('monsterplan_id', 'text', (c) => c.primaryKey())
        .addColumn('question_count', 'integer', (c) => c.notNull())
        .addColumn('questions_per_exam', 'integer', (c) => c.notNull())
        .addColumn('as_of', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`CREATE TRIGGER question_bank_changes_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON question_bank
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision()`.execute(db);
    },
  },

  '0008_request_price': {
    async up(db: Kysely<unknown>) {
      // The price a request was made at, so a learner told to pay the early price sees it after the
      // deadline too, and the administrator's lists and the refund report show it. Requests made before
      // take the price that applied at their creation. Bundles get an early price as plans have.
      await db.schema.alterTable('lesson').addColumn('early_price', 'text').execute();
      await db.schema.alterTable('lesson').addColumn('early_price_until', 'timestamptz').execute();
      await db.schema.alterTable('access_request').addColumn('price', 'text').execute();
      await sql`
        UPDATE access_request r SET price = coalesce(
          (SELECT CASE WHEN p.early_price IS NOT NULL AND p.early_price_until > r.created_at THEN p.early_price ELSE p.price END
             FROM monsterplan p WHERE p.id = r.monsterplan_id),
          (SELECT l.price FROM lesson l WHERE l.id = r.lesson_id),
          '')`.execute(db);
      await db.schema.alterTable('access_request').alterColumn('price', (c) => c.setNotNull()).execute();
    },
  },

  '0009_qpay': {
    async up(db: Kysely<unknown>) {
      // An invoice keeps what it was for (the request, its learner, bundle and amount): a request
      // cancelled while QPay still holds the invoice leaves the invoice and any payment to reconcile.
      await db.schema
        .createTable('qpay_invoice')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('request_id', 'uuid', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('monsterplan', 'lesson')`))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('bundle_id', 'uuid', (c) => c.notNull())
        .addColumn('bundle_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('qpay_invoice_id', 'text', (c) => c.notNull().unique())
        .addColumn('qr_text', 'text', (c) => c.notNull())
        .addColumn('qr_image', 'text', (c) => c.notNull())
        .addColumn('urls', 'jsonb', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'paid', 'flagged', 'cancelled', 'expired')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('next_check_at', 'timestamptz', (c) => c.notNull())
        .addColumn('receipt_number', 'text')
        .addColumn('receipt_qr_data', 'text')
        .addColumn('receipt_qr_image', 'text')
        .execute();
      // One open invoice per request: the learner sees the same one until it expires.
      await sql`CREATE UNIQUE INDEX qpay_invoice_open ON qpay_invoice (request_id) WHERE status = 'open'`.execute(db);
      await sql`CREATE INDEX qpay_invoice_due ON qpay_invoice (next_check_at) WHERE status = 'open'`.execute(db);
      await db.schema.createIndex('qpay_invoice_request').on('qpay_invoice').column('request_id').execute();

      await db.schema
        .createTable('qpay_payment')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('payment_id', 'text', (c) => c.notNull().unique())
        .addColumn('invoice_id', 'uuid', (c) => c.notNull().references('qpay_invoice.id'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('received').check(sql`outcome in ('received', 'approved', 'partial', 'excess', 'request_gone')`))
        .execute();
      await db.schema.createIndex('qpay_payment_paid_at').on('qpay_payment').column('paid_at').execute();
      await db.schema.createIndex('qpay_payment_invoice').on('qpay_payment').column('invoice_id').execute();
      // The administrator's pages of requests show each one's open invoice and flagged payments.
      for (const table of ['qpay_invoice', 'qpay_payment']) {
        await sql`CREATE TRIGGER ${sql.raw(`${table}_changes_requests`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
          FOR EACH STATEMENT EXECUTE FUNCTION bump_request_revisions()`.execute(db);
      }

      // How an approved request was paid: QPay's payment, or by hand (the administrator's Approve).
      await db.schema.alterTable('access_request').addColumn('approved_via', 'text', (c) => c.check(sql`approved_via in ('manual', 'qpay')`)).execute();
      await db.schema.alterTable('access_request').addColumn('payment_id', 'text').execute();
      await db.schema.alterTable('access_request').addColumn('paid_amount', 'integer').execute();
      await db.schema.alterTable('access_request').addColumn('paid_at', 'timestamptz').execute();
      await sql`UPDATE access_request SET approved_via = 'manual' WHERE is_approved`.execute(db);
    },
  },
  '0010_refund_claims': {
    async up(db: Kysely<unknown>) {
      // The account a learner is paid into, one per learner: its details sealed with BANK_ACCOUNT_KEY
      // (bank-accounts.ts), so the table alone tells nothing but who gave one and when.
      await db.schema
        .createTable('bank_account')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('refund')
        .addColumn('paid_via', 'text', (c) => c.check(sql`paid_via in ('bank_transfer', 'qpay_refund')`))
        .execute();
      // Every change of a refund claim: what, who (with their email then) and when; it goes with its refund.
      await db.schema
        .createTable('refund_history')
        .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('refund_id', 'uuid', (c) => c.notNull().references('refund.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('earned', 'details_given', 'paid', 'payment_undone')`))
        .addColumn('by_user_id', 'uuid')
        .addColumn('by_email', 'text')
        .addColumn('method', 'text', (c) => c.check(sql`method in ('bank_transfer', 'qpay_refund')`))
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refund_history_refund').on('refund_history').columns(['refund_id', 'id']).execute();
      // Refunds paid before claims were kept were paid by bank transfer, the only way there was; their
      // history starts with what the ledger knew.
      await sql`UPDATE refund SET paid_via = 'bank_transfer' WHERE paid_at IS NOT NULL`.execute(db);
      await sql`INSERT INTO refund_history (refund_id, action, at) SELECT id, 'earned', earned_at FROM refund ORDER BY earned_at, id`.execute(db);
      await sql`
        INSERT INTO refund_history (refund_id, action, by_user_id, by_email, method, at)
        SELECT id, 'paid', paid_by, paid_by_email, 'bank_transfer', paid_at FROM refund WHERE paid_at IS NOT NULL ORDER BY paid_at, id`.execute(db);
    },
  },
  '0011_access_changed_at': {
    async up(db: Kysely<unknown>) {
      // When each learner's access last changed, so the other services can ask for the accesses changed
      // since they last asked (GET /internal/accesses). The clock's time, not the transaction's: a long
      // transaction's change must not look older than it is. Rows from before are taken as changed now,
      // which at worst answers an access once more.
      await db.schema
        .alterTable('access_version')
        .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .execute();
      await db.schema.createIndex('access_version_changed').on('access_version').column('changed_at').execute();
    },
  },
  // The seconds a learner heard on each of the centre's days (Asia/Ulaanbaatar), newly heard only, for
  // the streak of days with at least STREAK_MINUTES of listening.
  '0012_listening_days': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('listening_day')
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('day', 'date', (c) => c.notNull())
        .addColumn('seconds', 'real', (c) => c.notNull())
        .addPrimaryKeyConstraint('listening_day_pk', ['user_id', 'day'])
        .execute();
    },
  },
};
