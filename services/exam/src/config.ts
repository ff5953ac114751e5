import { exam } from '@learning/contracts';
import { serviceEnv } from '@learning/kit';
import { z } from 'zod';

export const examEnv = z
  .object({
    ...serviceEnv,
    PORT: serviceEnv.PORT.default(4004),
    NODE_ENV: z.string().optional(),
    /** The gateway's secret: the exam answers arrive sealed with it (`data`, DESIGN.md). */
    PAYLOAD_SECRET: z.string().min(1).optional(),
    /** Questions in one exam (spec section 9: 40). */
    EXAM_QUESTION_COUNT: z.coerce.number().int().min(1).max(500).default(exam.examRules.questionCount),
    /**
     * How long after the exam's longest possible duration (countdown, then every question's timer
     * and its expiry) a submission is still taken: a slow network, a reload on the way.
     */
    EXAM_GRACE_SECONDS: z.coerce.number().int().min(0).max(24 * 60 * 60).default(120),
    /** '1' seeds the question banks of the demo plans (packages/contracts/src/demo.ts) when they are empty. */
    SEED_DEMO: z.enum(['0', '1']).default('0'),
  })
  .refine((env) => env.PAYLOAD_SECRET !== undefined || env.NODE_ENV !== 'production', {
    path: ['PAYLOAD_SECRET'],
    message: 'required in production (the exam answers arrive sealed with the gateway’s secret)',
  });
export type ExamConfig = z.infer<typeof examEnv>;
