// Shared set-up of the Monster plan pages' tests: plans as the catalog answers them, the exam service's
// calls of an attempt, and the remote's routes rendered at an address, beside a stand-in for the shell's
// sign-in page.
import { catalog, examRules, progressRules, type exam, type PlanProgress, type PlanVideoProgress, type ProgressStatus } from '@learning/contracts';
import { Route, Routes } from '@learning/platform';
import { renderWithPlatform, type FakeAnswer, type FakeCall } from '@learning/platform/testing';
import { screen } from '@testing-library/react';
import MonsterRoutes from '../src/routes';

/** A question bank that fills one exam, and one that no longer does (questions deleted after the exam was switched on). */
export const fullBank = { count: examRules.questionCount, needed: examRules.questionCount };
export const shortBank = { count: examRules.questionCount - 1, needed: examRules.questionCount };

/** A plan as the catalog lists it: its question bank full unless `examQuestions` says otherwise. */
export function aPlan(overrides: Partial<catalog.Monsterplan> = {}): catalog.Monsterplan {
  const _id = overrides._id ?? 'p1';
  return catalog.monsterplan.parse({
    _id,
    name: 'Monster plan 1',
    price: '49000',
    earlyPrice: null,
    earlyPriceUntil: null,
    paymentInstructions: '',
    releaseDaily: false,
    videos: [`${_id}-v1`, `${_id}-v2`, `${_id}-v3`],
    isActive: true,
    exam: false,
    examQuestions: fullBank,
    populatedVideos: [
      {
        week: 1,
        videos: [
          { _id: `${_id}-v1`, name: 'Өглөөний мэндчилгээ', dayOfWeek: 1, translateUrl: '', monsterWords: '' },
          { _id: `${_id}-v2`, name: 'Дэлгүүрт', dayOfWeek: 2, translateUrl: 'https://docs.example.com/t2', monsterWords: '' },
        ],
      },
      { week: 2, videos: [{ _id: `${_id}-v3`, name: 'Цаг агаар', dayOfWeek: 1, translateUrl: '', monsterWords: '' }] },
    ],
    ...overrides,
  });
}

/**
 * GET /v1/progress/monsterplans/{id} for aPlan's three videos (60 s each unless `durations` says), with
 * what was heard of each (`heard`: videoId → seconds and position); the days', weeks' and totals as the
 * contract computes them.
 */
export function aPlanProgress(
  planId = 'p1',
  heard: Record<string, { listenedSeconds: number; position: number; status: ProgressStatus }> = {},
  continueAt: PlanProgress['continue'] = null,
): PlanProgress {
  const places = [
    { videoId: `${planId}-v1`, week: 1, dayOfWeek: 1 },
    { videoId: `${planId}-v2`, week: 1, dayOfWeek: 2 },
    { videoId: `${planId}-v3`, week: 2, dayOfWeek: 1 },
  ];
  const videos: PlanVideoProgress[] = places.map((place) => ({
    ...place,
    durationSeconds: 60,
    ...(heard[place.videoId] ?? { listenedSeconds: 0, position: 0, status: 'not-started' as const }),
  }));
  const statusOf = (statuses: ProgressStatus[]): ProgressStatus =>
    statuses.every((status) => status === 'complete') ? 'complete' : statuses.every((status) => status === 'not-started') ? 'not-started' : 'in-progress';
  return {
    monsterplanId: planId,
    goalMinutes: progressRules.goalMinutes,
    totalSeconds: videos.reduce((sum, video) => sum + (video.durationSeconds ?? 0), 0),
    listenedSeconds: videos.reduce((sum, video) => sum + video.listenedSeconds, 0),
    videos,
    days: videos.map(({ week, dayOfWeek, status }) => ({ week, dayOfWeek, status, assignedAt: null, releasesAt: null, isReleased: true })),
    weeks: [1, 2].map((week) => ({ week, status: statusOf(videos.filter((video) => video.week === week).map((video) => video.status)) })),
    continue: continueAt,
  };
}

export function renderMonster(route: string, { inBrowser = false }: { inBrowser?: boolean } = {}) {
  return renderWithPlatform(
    <Routes>
      <Route path="signin" element={<h1>Нэвтрэх</h1>} />
      <Route path="*" element={<MonsterRoutes />} />
    </Routes>,
    { route, inBrowser },
  );
}

export const address = () => screen.getByTestId('address');

export const guestSignInFrom = (path: string) => `/signin?continue=${encodeURIComponent(`http://localhost${path}`)}`;

/** Question `number` of a fake exam: the sentence has its niceWord twice, option `q{n}b` is the right one. */
export function anExamQuestion(number: number): exam.ExamQuestion {
  return {
    identifier: `q${number}`,
    question: `The Forecast says forecast ${number}.`,
    niceWord: 'forecast',
    answers: ['a', 'b', 'c', 'd'].map((option) => ({ identifier: `q${number}${option}`, name: `${option}-${number}` })),
  };
}

export const rightOptionOf = (number: number) => `q${number}b`;

interface FakeExamOptions {
  planId?: string;
  totalQuestions?: number;
  /** Questions revealed already, each answered as given (null: the last one is open). */
  answered?: Array<exam.ExamAnswerCode | null>;
  result?: exam.ExamResult | null;
}

/**
 * The exam service's calls of one learner's attempt, as the wire contract says them (docs/api.md), for
 * fakeSession: questions revealed in turn, the open one closed as 999 when the next is revealed, a
 * second answer refused (409 exam_question_answered), and the end graded from its own record. `failNext`
 * breaks the next call of a kind on the network; `loseNextReply` lets it through, then loses its reply.
 */
export function fakeExamServer({ planId = 'p1', totalQuestions = 40, answered = [], result = null }: FakeExamOptions = {}) {
  const recorded: Array<exam.ExamAnswerCode | null> = [...answered];
  let ended = result;
  const breaks = new Map<Kind, 'fail' | 'lose'>();
  const examPath = `/v1/monsterplans/${planId}/exam`;
  type Kind = 'attempt' | 'reveal' | 'answer' | 'finish';

  const refusal = (status: number, code: string) => ({ status, body: { message: `Refused: ${code}`, code } });
  const open = () => (recorded.at(-1) === null ? recorded.length : null);
  const revealed = (number: number): exam.RevealedQuestion => ({
    number,
    totalQuestions,
    remaining: totalQuestions - recorded.length,
    secondsLeft: examRules.secondsPerQuestion,
    question: anExamQuestion(number),
  });
  const attempt = (): exam.ExamAttempt => ({
    status: ended ? 'finished' : recorded.length > 0 ? 'in-progress' : 'not-started',
    totalQuestions,
    revealedQuestions: ended ? totalQuestions : recorded.length,
    answeredQuestions: ended ? totalQuestions : recorded.filter((answer) => answer !== null).length,
    current: !ended && open() ? revealed(open()!) : null,
    nextQuestion: ended || recorded.length >= totalQuestions ? null : recorded.length + 1,
    result: ended,
  });

  function reveal(number: number): FakeAnswer {
    if (ended) return refusal(409, 'exam_taken');
    if (open() === number) return { body: revealed(number) };
    if (recorded.length >= totalQuestions) return refusal(409, 'exam_questions_over');
    if (number !== recorded.length + 1) return refusal(409, recorded.length === 0 ? 'exam_not_started' : 'exam_question_out_of_turn');
    if (open()) recorded[recorded.length - 1] = examRules.timeoutAnswer;
    recorded.push(null);
    return { body: revealed(number) };
  }

  function answer(number: number, given: exam.ExamAnswerCode): FakeAnswer {
    if (ended) return refusal(409, 'exam_taken');
    if (number > recorded.length) return refusal(409, 'exam_question_not_revealed');
    if (recorded[number - 1] !== null) return refusal(409, 'exam_question_answered');
    recorded[number - 1] = given;
    const body: exam.RecordedAnswer = { number, answer: given, isOnTime: true, remaining: totalQuestions - recorded.length };
    return { body };
  }

  function finish(): FakeAnswer {
    if (ended) return refusal(409, 'exam_taken');
    if (recorded.length === 0) return refusal(409, 'exam_not_started');
    const correctQuestions = recorded.filter((given, index) => given === rightOptionOf(index + 1)).length;
    ended = { percent: (correctQuestions / totalQuestions) * 100, totalQuestions, correctQuestions, passed: examRules.passRatio <= correctQuestions / totalQuestions };
    return { body: ended };
  }

  /** Answers a call of `kind`, unless it is to break. */
  const through = (kind: Kind, answerIt: (call: FakeCall) => FakeAnswer) => (call: FakeCall) => {
    const breaking = breaks.get(kind);
    breaks.delete(kind);
    if (breaking === 'fail') throw new TypeError('Failed to fetch');
    const answered = answerIt(call);
    if (breaking === 'lose') throw new TypeError('Failed to fetch');
    return answered;
  };

  const routes: Record<string, (call: FakeCall) => FakeAnswer> = {
    [`GET ${examPath}/attempt`]: through('attempt', () => ({ body: attempt() })),
    [`POST ${examPath}`]: through('finish', finish),
  };
  for (let number = 1; number <= totalQuestions; number++) {
    routes[`POST ${examPath}/questions/${number}`] = through('reveal', () => reveal(number));
    routes[`POST ${examPath}/questions/${number}/answer`] = through('answer', (call) => answer(number, (call.body as { answer: exam.ExamAnswerCode }).answer));
  }

  return {
    routes,
    /** What the server recorded of each question revealed (null: open). */
    recorded,
    get result() {
      return ended;
    },
    failNext(kind: Kind) {
      breaks.set(kind, 'fail');
    },
    loseNextReply(kind: Kind) {
      breaks.set(kind, 'lose');
    },
  };
}
