// What the exam consumes: auth's `user.registered` (learners' emails) and `user.deleted` (everything
// kept of a learner goes), the catalog's access events (who is approved for which plan) and
// `monsterplan.changed` (a plan's name and exam flag), each applied once through the inbox. One
// handler takes them all: `monsterplan.changed` is both a plan and an access event, and the inbox
// lets an event id through once per service.
// What it publishes: `exam.completed`, recorded in the transaction that stores the result.
import { accessEventTypes } from '@learning/contracts';
import { applyOnce, keepLearnerEmail, subscribe, type EventOf, type Subscription } from '@learning/kit/events';
import type { ServiceContext } from '@learning/kit/service';
import { applyAccessEvent, applyUserDeleted } from './learners.js';
import { applyMonsterplanChanged } from './monsterplans.js';
import type { ExamDb, ExamTables } from './tables.js';

const consumedTypes = ['user.registered', 'user.deleted', ...accessEventTypes] as const;

export function examSubscriptions({ db }: ServiceContext<ExamTables>): Subscription[] {
  return [subscribe(consumedTypes, applyOnce(db, applyEvent))];
}

async function applyEvent(trx: ExamDb, event: EventOf<(typeof consumedTypes)[number]>): Promise<void> {
  if (event.type === 'user.registered') return keepLearnerEmail(trx, 'learner', event);
  if (event.type === 'user.deleted') return applyUserDeleted(trx, event);
  if (event.type === 'monsterplan.changed') await applyMonsterplanChanged(trx, event);
  await applyAccessEvent(trx, event);
}
