// Listening progress through the 1000 minutes: the rules and the answers the pages read,
// without zod, so a front-end bundle that imports them carries no schema library (the report's schema
// is in progress.ts).

export const progressRules = {
  /** The page reports what was heard this often while a video plays (and on pause, ended, hidden). */
  reportEverySeconds: 10,
  /** A video is complete when this share of its duration was heard… */
  completeShare: 0.9,
  /** …and as much of its last 5 %: dragging to the end completes nothing. */
  finalShare: 0.05,
  /** The programme's goal, named on the plan page. */
  goalMinutes: 1000,
  /** The fastest of the spec's speeds (0.7, 1, 1.5, 2): no report can claim more new seconds than this allows. */
  fastestSpeed: 2,
} as const;

/** A video's, a day's or a week's: a day or week is complete when all its videos are, not started when none was heard. */
export type ProgressStatus = 'not-started' | 'in-progress' | 'complete';

/** POST /v1/progress/videos/{videoId}: the video as the server counts it after the report. */
export interface VideoProgress {
  videoId: string;
  durationSeconds: number | null;
  /** Unique seconds heard, rounded to 0.1. */
  listenedSeconds: number;
  /** The last playhead reported, in seconds. */
  position: number;
  status: ProgressStatus;
}

/** A video's dictation: the learner's latest dictation of it, words right of the lines' words. */
export interface DictationScore {
  lines: number;
  correctWords: number;
  totalWords: number;
  /** When it was last saved. */
  at: string;
}

/** GET /v1/progress/monsterplans/{id}. */
export interface PlanProgress {
  monsterplanId: string;
  goalMinutes: typeof progressRules.goalMinutes;
  /** The sum of the plan's videos' probed durations. */
  totalSeconds: number;
  /** Unique seconds heard over the plan's videos, each capped at its duration. */
  listenedSeconds: number;
  videos: PlanVideoProgress[];
  days: PlanDayProgress[];
  weeks: Array<{ week: number; status: ProgressStatus }>;
  /**
   * The video last reported if not complete (at its position), else the next one not complete in plan
   * order at 0; null when nothing was heard yet or everything is complete.
   */
  continue: PlanPlace | null;
}

/** A plan day: its listening and when it was given to the learner. */
export interface PlanDayProgress {
  week: number;
  dayOfWeek: number;
  status: ProgressStatus;
  /** When the day was assigned: first opened (recorded by the server), or for a releaseDaily plan its release once passed. */
  assignedAt: string | null;
  /** When the day opens (00:00 Ulaanbaatar); null unless the plan releases a day a day. */
  releasesAt: string | null;
  /** Always true unless the plan releases a day a day and this day's moment has not come. */
  isReleased: boolean;
}

/** Where to continue in a plan: the video (its week and day) and the second to open it at. */
export interface PlanPlace {
  videoId: string;
  week: number;
  dayOfWeek: number;
  position: number;
}

export interface PlanVideoProgress {
  videoId: string;
  week: number;
  dayOfWeek: number;
  durationSeconds: number | null;
  listenedSeconds: number;
  position: number;
  status: ProgressStatus;
  /** The learner's latest dictation of the video; null when none (the catalog always says). */
  dictation?: DictationScore | null;
}

/** GET /v1/progress/lessons/{id}. */
export interface LessonProgress {
  lessonId: string;
  totalSeconds: number;
  listenedSeconds: number;
  videos: Array<{ videoId: string; durationSeconds: number | null; listenedSeconds: number; position: number; status: ProgressStatus; dictation?: DictationScore | null }>;
  continue: LessonPlace | null;
}

export interface LessonPlace {
  videoId: string;
  position: number;
}

/** A plan or bundle the learner is approved for or has asked for (pending: nothing heard, continue null). */
interface MyEnrolment {
  _id: string;
  name: string;
  access: 'approved' | 'pending';
  totalSeconds: number;
  listenedSeconds: number;
  status: ProgressStatus;
  price: string;
  /** The price recorded on the learner's request when it was made: what they pay (pending) or paid (approved). */
  requestPrice: string;
  /** How to pay (the administrator's free text); '' when none was written. */
  paymentInstructions: string;
}

export interface MyMonsterplan extends MyEnrolment {
  /** Null unless the request is pending and the early price still applies. */
  earlyPrice: string | null;
  earlyPriceUntil: string | null;
  continue: PlanPlace | null;
}

export interface MyLesson extends MyEnrolment {
  continue: LessonPlace | null;
}

/**
 * The daily habit: the centre's days (Asia/Ulaanbaatar) in a row on which the learner heard at least
 * `goalMinutes` of new listening, counted up to today, or up to yesterday while today's goal is not met.
 */
export interface ListeningStreak {
  days: number;
  /** Whole minutes newly heard today. */
  todayMinutes: number;
  goalMinutes: number;
}

/** GET /v1/progress/mine: empty arrays when there is none. The exam result is in GET /v1/auth/me. */
export interface MyLearning {
  monsterplans: MyMonsterplan[];
  lessons: MyLesson[];
  streak: ListeningStreak;
}
