// The exam service: question banks of the Monster plans, the timed one-attempt exam, grading and results.
import type { InternalPoll } from '@learning/kit/http';
import type { ServiceDefinition } from '@learning/kit/service';
import { migrations } from '../migrations/index.js';
import { pollAccesses } from './access-poll.js';
import type { ExamConfig } from './config.js';
import { seedDemoQuestions } from './demo.js';
import { examSubscriptions } from './events.js';
import { examRoutes } from './routes/exam.js';
import { questionRoutes } from './routes/questions.js';
import { announceBanks } from './questions.js';
import { answerOpener } from './sealed-answers.js';
import type { ExamTables } from './tables.js';

export function examService(config: ExamConfig): ServiceDefinition<ExamTables> {
  const settings = { questionCount: config.EXAM_QUESTION_COUNT, allowanceMs: config.EXAM_ANSWER_ALLOWANCE_SECONDS * 1000 };
  let accessPoll: InternalPoll | undefined;
  return {
    name: 'exam',
    migrations,
    async start(context) {
      if (!config.PAYLOAD_SECRET) context.logger.warn('PAYLOAD_SECRET is not set: exam answers are taken as plain JSON. Set it (the gateway’s secret) in production.');
      if (config.SEED_DEMO === '1') {
        const seeded = await seedDemoQuestions(context.db, settings.questionCount);
        if (seeded > 0) context.logger.info({ seeded }, 'seeded the question banks of the demo plans (SEED_DEMO=0 turns this off)');
      }
      await announceBanks(context.db, settings.questionCount);
      accessPoll = pollAccesses(context, config);
    },
    async stop() {
      await accessPoll?.stop();
    },
    subscriptions: examSubscriptions,
    routes(app, context) {
      app.use(examRoutes(context, settings, answerOpener(config.PAYLOAD_SECRET)));
      app.use(questionRoutes(context, settings.questionCount));
    },
  };
}
