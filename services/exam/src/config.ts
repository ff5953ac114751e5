import { exam } from '@learning/contracts';
import { serviceEnv } from '@learning/kit/service';
import { z } from 'zod';

export const examEnv = z
  .object({
    ...serviceEnv,
    PORT: serviceEnv.PORT.default(4004),
    /** The catalog, asked for learners' accesses while RabbitMQ is away (access-poll.ts). */
    CATALOG_URL: z.url().default('http://127.0.0.1:4002'),
    NODE_ENV: z.string().optional(),
    /** The gateway's secret: the exam answers arrive sealed with it (`data`, DESIGN.md). */
    PAYLOAD_SECRET: z.string().min(1).optional(),
    /** Questions in one exam (spec section 9: 40). */
    EXAM_QUESTION_COUNT: z.coerce.number().int().min(1).max(500).default(exam.examRules.questionCount),
    /**
     * How much later than a question's 9 seconds its answer may reach the server and still count (a slow
     * network); a later one is recorded as 999.
     */
    EXAM_ANSWER_ALLOWANCE_SECONDS: z.coerce.number().min(0).max(30).default(exam.examRules.answerAllowanceSeconds),
    /** '1' seeds the question banks of the demo plans (packages/contracts/src/demo.ts) when they are empty. */
    SEED_DEMO: z.enum(['0', '1']).default('0'),
  })
  .refine((env) => env.PAYLOAD_SECRET !== undefined || env.NODE_ENV !== 'production', {
    path: ['PAYLOAD_SECRET'],
    message: 'required in production (the exam answers arrive sealed with the gateway’s secret)',
  });
export type ExamConfig = z.infer<typeof examEnv>;
