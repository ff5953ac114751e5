// What the refund ledger's tests share: the catalog fixture, a plan with its learners approved, a day
// assigned at a chosen moment, the exam's and media's events (applied straight through the inbox, or
// published on the bus as their producers would), and the ledger's rows and recorded events.
import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@learning/contracts';
import { applyOnce, type EventOf } from '@learning/kit/events';
import { eventually } from '@learning/testing';
import type { CatalogFixture, Learner } from '@learning/testing/catalog';
import { recordDayAssignment } from '../src/assignments.js';
import type { CatalogDb } from '../src/tables.js';

export const amount = 10_000;
export const hourMs = 60 * 60 * 1000;
export const at = (moment: Date, hours: number) => new Date(moment.getTime() + hours * hourMs);

/** An event of the type as its producer would send it, with a fresh id unless one is given. */
export function eventOf<Type extends EventType>(type: Type, data: EventData<Type>, id: string = randomUUID()): EventOf<Type> {
  return { id, type, version: 1, occurredAt: new Date().toISOString(), producer: 'test', data } as EventOf<Type>;
}

export function ledger(fixture: CatalogFixture) {
  const db: CatalogDb = fixture.platform.services.catalog.context.db;
  return {
    db,
    /** Applies an event through the catalog's inbox, once per id, as its subscription does. */
    apply<Type extends EventType>(handler: (trx: CatalogDb, event: EventOf<Type>) => Promise<void>, event: EventOf<Type>) {
      return applyOnce(db, handler)(event);
    },
    assignDay(learner: Learner, monsterplanId: string, week: number, dayOfWeek: number, assignedAt: Date) {
      return recordDayAssignment(db, learner.id, monsterplanId, { week, dayOfWeek }, assignedAt);
    },
    refundsOf(learner: Learner) {
      return db.selectFrom('refund').selectAll().where('user_id', '=', learner.id).orderBy('kind').execute();
    },
    /** The data of the events of `type` the catalog recorded about the learner, in order. */
    async recorded(type: EventType, learner: Learner): Promise<any[]> {
      const rows = await db.selectFrom('outbox').select('data').where('type', '=', type).orderBy('position').execute();
      return rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data)).filter((data) => data.userId === learner.id);
    },
    /** Publishes media's `aloud.recorded` on the bus and waits until the catalog has kept the recording. */
    async recordedAloud(learner: Learner, monsterplanId: string, week: number, dayOfWeek: number, recordedAt: Date): Promise<string> {
      const aloudId = randomUUID();
      await fixture.publish('aloud.recorded', { aloudId, userId: learner.id, monsterplanId, week, dayOfWeek, recordedAt: recordedAt.toISOString() });
      await eventually(() => db.selectFrom('aloud_recording').select('aloud_id').where('aloud_id', '=', aloudId).executeTakeFirst(), 'the catalog keeps the recording');
      return aloudId;
    },
    /** Publishes the exam's `exam.completed` on the bus and waits until the catalog has applied it. */
    async examCompleted(learner: Learner, monsterplanId: string, correctQuestions: number): Promise<void> {
      const event = eventOf('exam.completed', examResult(learner, monsterplanId, correctQuestions));
      await fixture.platform.services.catalog.context.bus.publish(event);
      await eventually(() => db.selectFrom('inbox').select('event_id').where('event_id', '=', event.id).executeTakeFirst(), 'the catalog applies exam.completed');
    },
  };
}

/** An exam of 40 questions: passed at 35 (the spec's mark). */
export function examResult(learner: Learner, monsterplanId: string, correctQuestions: number): EventData<'exam.completed'> {
  return {
    userId: learner.id,
    monsterplanId,
    percent: Math.round((correctQuestions / 40) * 100),
    correctQuestions,
    totalQuestions: 40,
    passed: correctQuestions >= 35,
  };
}
