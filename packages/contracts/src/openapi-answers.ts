// The answers whose types are TypeScript interfaces elsewhere in contracts, as zod schemas for the
// OpenAPI document (openapi.ts). Each is checked against its interface by the compiler, both ways,
// so the document cannot drift from what the services answer.
import { z } from 'zod';
import type { Page } from './common.js';
import type { ExamResultRow, BankQuestion } from './exam.js';
import type { ExamAttempt, ExamQuestion, ExamResult, RecordedAnswer, RevealedQuestion } from './exam-rules.js';
import type { Aloud, AloudEntry, MediaDocument, Video } from './media.js';
import type { DictationScore, LessonProgress, MyLearning, PlanProgress, VideoProgress } from './progress-rules.js';
import type { AloudTimeliness, BankAccount, ClaimHistory, LearnerRefunds, MyRefunds, PayableRefund, PlanRefunds, RefundItem } from './refunds.js';
import { mongolianBanks, paymentMethods } from './refunds.js';
import type { Notification, NotificationPage, UnreadCount } from './auth.js';
import type { Invoice, PaidInvoice, Payment, QpayOffer } from './payments.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The schema of an answer typed by `Interface`: a call with a schema whose output differs does not compile. */
function answerOf<Interface>() {
  return <S extends z.ZodType>(schema: S, ..._same: Same<z.output<S>, Interface> extends true ? [] : [never]) => schema;
}

const pageOf = <Item extends z.ZodType>(item: Item) => z.object({ result: z.array(item), total: z.number().int() });
const isoTime = z.string().describe('ISO 8601 time');
const someone = z.object({ _id: z.string(), email: z.string() });
const namedPlan = z.object({ _id: z.string(), name: z.string() });

export const notification = answerOf<Notification>()(
  z.object({
    _id: z.string(),
    type: z.enum(['request-approved', 'request-cancelled', 'access-revoked', 'exam-result', 'refund-earned', 'refund-paid', 'week-released']),
    message: z.string().describe('Mongolian, fit to show the learner'),
    link: z.string().nullable().describe('a path of the site'),
    createdAt: isoTime,
    isRead: z.boolean(),
  }),
);
export const notificationPage = answerOf<NotificationPage>()(pageOf(notification).extend({ unread: z.number().int() }));
export const count = answerOf<UnreadCount>()(z.object({ count: z.number().int() }));

/** The auth service's public keys (RFC 7517), which every service verifies the RS256 tokens with. */
export const jwks = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), alg: z.string(), use: z.literal('sig'), n: z.string(), e: z.string() })),
});

export const video = answerOf<Video>()(
  z.object({
    _id: z.string(),
    kind: z.enum(['monsterplan', 'lesson']),
    name: z.string(),
    translateUrl: z.string(),
    isPublished: z.boolean(),
    hasSubtitle: z.boolean(),
    size: z.number().int().describe('bytes'),
    duration: z.number().nullable().describe('seconds, when ffprobe could tell'),
    contentType: z.string(),
    hasPoster: z.boolean(),
    createdAt: isoTime,
    transcoding: z
      .object({
        state: z.enum(['queued', 'transcoding', 'ready', 'failed']),
        progress: z.number().int().min(0).max(100),
        reason: z.string().nullable().describe('why it failed, in Mongolian; null unless failed'),
      })
      .nullable()
      .describe('the HLS ladder\'s job; null for a video without a job: uploaded before media transcoded, or with transcoding off or ffmpeg missing'),
  }),
);
export const videoPage = answerOf<Page<Video>>()(pageOf(video));

export const mediaDocument = answerOf<MediaDocument>()(z.object({ name: z.string(), size: z.number().int(), updatedAt: isoTime, url: z.string() }));
export const mediaDocumentPage = answerOf<Page<MediaDocument>>()(pageOf(mediaDocument));

export const aloud = answerOf<Aloud>()(
  z.object({
    _id: z.string(),
    createdAt: isoTime,
    url: z.string().describe('a signed /v1/media/aloud/{id} URL'),
    monsterplanId: z.string().nullable(),
    week: z.number().int().nullable(),
    dayOfWeek: z.number().int().nullable(),
  }),
);
export const aloudPage = answerOf<Page<AloudEntry>>()(pageOf(z.object({ user: someone, alouds: z.array(aloud) })));
export const aloudRecorded = z.object({ _id: z.string(), createdAt: isoTime });

export const examOption = z.object({ identifier: z.string(), name: z.string() });
export const examQuestion = answerOf<ExamQuestion>()(
  z.object({ identifier: z.string(), question: z.string(), niceWord: z.string(), answers: z.array(examOption) }),
);
export const examResult = answerOf<ExamResult>()(
  z.object({ percent: z.number(), totalQuestions: z.number().int(), correctQuestions: z.number().int(), passed: z.boolean() }),
);
export const revealedQuestion = answerOf<RevealedQuestion>()(
  z.object({
    number: z.number().int(),
    totalQuestions: z.number().int(),
    remaining: z.number().int().describe('questions not revealed yet'),
    secondsLeft: z.number(),
    question: examQuestion,
  }),
);
const answerCode = z.union([z.string(), z.literal(999)]).describe("the option's identifier, or 999 (no answer in time)");
export const recordedAnswer = answerOf<RecordedAnswer>()(
  z.object({ number: z.number().int(), answer: answerCode, isOnTime: z.boolean(), remaining: z.number().int() }),
);
export const examAttempt = answerOf<ExamAttempt>()(
  z.object({
    status: z.enum(['not-started', 'in-progress', 'finished']),
    totalQuestions: z.number().int(),
    revealedQuestions: z.number().int(),
    answeredQuestions: z.number().int(),
    current: revealedQuestion.nullable(),
    nextQuestion: z.number().int().nullable(),
    result: examResult.nullable(),
  }),
);
export const examResultPage = answerOf<Page<ExamResultRow>>()(
  pageOf(examResult.extend({ _id: z.string(), createdAt: isoTime, user: someone, monsterplan: namedPlan })),
);
export const bankQuestion = answerOf<BankQuestion>()(
  z.object({
    _id: z.string(),
    question: z.string(),
    niceWord: z.string(),
    answers: z.array(z.object({ _id: z.string(), name: z.string() })),
    correctAnswer: z.string().describe('the _id of the correct option'),
  }),
);
export const bankQuestionPage = answerOf<Page<BankQuestion>>()(pageOf(bankQuestion));
export const questionImport = z.object({ count: z.number().int().describe('questions in the bank now'), imported: z.number().int() });

const status = z.enum(['not-started', 'in-progress', 'complete']);
const planPlace = z.object({ videoId: z.string(), week: z.number().int(), dayOfWeek: z.number().int(), position: z.number() });
const lessonPlace = z.object({ videoId: z.string(), position: z.number() });
export const dictationScore = answerOf<DictationScore>()(
  z.object({ lines: z.number().int(), correctWords: z.number().int(), totalWords: z.number().int(), at: isoTime }),
);
const heard = { durationSeconds: z.number().nullable(), listenedSeconds: z.number(), position: z.number(), status };
const dictation = dictationScore.nullable().optional().describe('the latest dictation of the video; null when none');

export const videoProgress = answerOf<VideoProgress>()(z.object({ videoId: z.string(), ...heard }));
export const planProgress = answerOf<PlanProgress>()(
  z.object({
    monsterplanId: z.string(),
    goalMinutes: z.literal(1000),
    totalSeconds: z.number(),
    listenedSeconds: z.number(),
    videos: z.array(z.object({ videoId: z.string(), week: z.number().int(), dayOfWeek: z.number().int(), ...heard, dictation })),
    days: z.array(
      z.object({
        week: z.number().int(),
        dayOfWeek: z.number().int(),
        status,
        assignedAt: isoTime.nullable(),
        releasesAt: isoTime.nullable(),
        isReleased: z.boolean(),
      }),
    ),
    weeks: z.array(z.object({ week: z.number().int(), status })),
    continue: planPlace.nullable(),
  }),
);
export const lessonProgress = answerOf<LessonProgress>()(
  z.object({
    lessonId: z.string(),
    totalSeconds: z.number(),
    listenedSeconds: z.number(),
    videos: z.array(z.object({ videoId: z.string(), ...heard, dictation })),
    continue: lessonPlace.nullable(),
  }),
);
const enrolment = {
  _id: z.string(),
  name: z.string(),
  access: z.enum(['approved', 'pending']),
  totalSeconds: z.number(),
  listenedSeconds: z.number(),
  status,
  price: z.string(),
  requestPrice: z.string().describe('The price recorded on the request when it was made: what the learner pays or paid'),
  paymentInstructions: z.string(),
};
export const myLearning = answerOf<MyLearning>()(
  z.object({
    monsterplans: z.array(
      z.object({ ...enrolment, earlyPrice: z.string().nullable(), earlyPriceUntil: isoTime.nullable(), continue: planPlace.nullable() }),
    ),
    lessons: z.array(z.object({ ...enrolment, continue: lessonPlace.nullable() })),
    streak: z
      .object({ days: z.number().int(), todayMinutes: z.number().int(), goalMinutes: z.number().int() })
      .describe("The centre's days in a row with at least goalMinutes of new listening, up to today (or yesterday while today's goal is not met)"),
  }),
);

export const refundItem = answerOf<RefundItem>()(
  z.object({
    _id: z.string(),
    kind: z.enum(['exam', 'aloud']),
    amount: z.number().int().describe('MNT'),
    earnedAt: isoTime,
    exam: z.object({ correctQuestions: z.number().int(), totalQuestions: z.number().int() }).nullable(),
    aloud: z
      .object({ aloudId: z.string(), week: z.number().int(), dayOfWeek: z.number().int(), assignedAt: isoTime.nullable(), recordedAt: isoTime })
      .nullable(),
    paidAt: isoTime.nullable(),
    paidBy: someone.nullable(),
    paidVia: z.enum(paymentMethods).nullable().describe('How the centre paid it; null while unpaid'),
  }),
);
export const planRefunds = answerOf<PlanRefunds>()(
  z.object({
    monsterplan: namedPlan,
    amountPerItem: z.number().int(),
    result: z.array(
      z.object({
        user: someone,
        items: z.array(refundItem),
        earnedAmount: z.number().int(),
        paidAmount: z.number().int(),
        paidPrice: z.string().nullable().describe('The price recorded on the learner\'s request for the plan'),
      }),
    ),
    total: z.number().int(),
  }),
);
export const learnerRefunds = answerOf<LearnerRefunds>()(z.object({ result: z.array(refundItem.extend({ monsterplan: namedPlan })) }));
const refundKind = z.enum(['exam', 'aloud']);
export const bankAccount = answerOf<BankAccount>()(
  z.object({
    bankName: z.enum(mongolianBanks),
    accountNumber: z.string().describe('digits only, or an MN IBAN'),
    accountHolder: z.string(),
  }),
);
export const myRefunds = answerOf<MyRefunds>()(
  z.object({
    result: z.array(
      z.object({
        _id: z.string(),
        monsterplan: namedPlan,
        kind: refundKind,
        amount: z.number().int().describe('MNT'),
        earnedAt: isoTime,
        state: z.enum(['earned', 'details_given', 'paid']),
        paidAt: isoTime.nullable(),
        paidVia: z.enum(paymentMethods).nullable(),
      }),
    ),
  }),
);
export const payableRefundPage = answerOf<Page<PayableRefund>>()(
  pageOf(
    z.object({
      _id: z.string(),
      user: someone,
      monsterplan: namedPlan,
      kind: refundKind,
      amount: z.number().int().describe('MNT'),
      earnedAt: isoTime,
      bankAccount,
    }),
  ),
);
export const claimHistory = answerOf<ClaimHistory>()(
  z.object({
    result: z.array(
      z.object({
        action: z.enum(['earned', 'details_given', 'paid', 'payment_undone']),
        by: someone.nullable().describe('null for what the platform did itself'),
        at: isoTime,
        method: z.enum(paymentMethods).optional().describe('on `paid` only'),
      }),
    ),
  }),
);
export const aloudTimeliness = answerOf<{ result: AloudTimeliness[] }>()(
  z.object({
    result: z.array(
      z.object({
        aloudId: z.string(),
        monsterplanId: z.string().nullable(),
        week: z.number().int().nullable(),
        dayOfWeek: z.number().int().nullable(),
        recordedAt: isoTime,
        assignedAt: isoTime.nullable(),
        isOnTime: z.boolean(),
      }),
    ),
  }),
);

export const qpayOffer = answerOf<QpayOffer>()(z.object({ isEnabled: z.boolean() }));
export const invoice = answerOf<Invoice>()(
  z.object({
    _id: z.string(),
    request: z.object({ _id: z.string(), kind: z.enum(['lesson', 'monsterplan']) }),
    amount: z.number().int().describe('MNT: the price the request recorded'),
    status: z.enum(['open', 'paid', 'flagged', 'cancelled', 'expired']),
    qrText: z.string(),
    qrImage: z.string().describe('base64 PNG'),
    urls: z.array(z.object({ name: z.string(), description: z.string(), logo: z.string(), link: z.string() })).describe("each bank app's deep link"),
    createdAt: isoTime,
    expiresAt: isoTime,
    receipt: z
      .object({ number: z.string(), qrData: z.string(), qrImage: z.string().describe('base64 PNG of qrData') })
      .nullable()
      .describe('the e-receipt (eBarimt), with QPAY_EBARIMT=1'),
  }),
);
export const paidInvoices = answerOf<{ result: PaidInvoice[] }>()(
  z.object({
    result: z.array(
      z.object({
        invoiceId: z.string(),
        request: z.object({ _id: z.string(), kind: z.enum(['lesson', 'monsterplan']) }),
        name: z.string(),
        amount: z.number().int(),
        paidAt: isoTime,
        paymentId: z.string(),
        receipt: invoice.shape.receipt,
      }),
    ),
  }),
);
export const payment = answerOf<Payment>()(
  z.object({
    _id: z.string(),
    paymentId: z.string().describe("QPay's"),
    invoiceId: z.string(),
    amount: z.number().int(),
    invoiceAmount: z.number().int(),
    paidAt: isoTime,
    outcome: z.enum(['received', 'approved', 'partial', 'excess', 'request_gone']),
    request: z.object({ _id: z.string(), kind: z.enum(['lesson', 'monsterplan']), name: z.string() }),
    user: someone,
  }),
);
export const paymentPage = answerOf<Page<Payment>>()(pageOf(payment));
