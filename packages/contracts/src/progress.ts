// Listening progress's report: what the player sends while a plan's or a bundle's video
// plays; the rules and the answers' shapes are in progress-rules.ts.
import { z } from 'zod';
import { id } from './common.js';

export {
  progressRules,
  type DictationScore,
  type LessonPlace,
  type LessonProgress,
  type ListeningStreak,
  type MyLearning,
  type MyLesson,
  type MyMonsterplan,
  type PlanDayProgress,
  type PlanPlace,
  type PlanProgress,
  type PlanVideoProgress,
  type ProgressStatus,
  type VideoProgress,
} from './progress-rules.js';

/** Ranges in one report: the video element's `played` of one page, which merges what overlaps. */
export const maxRanges = 100;

/** No lecture is a day long: a bound that keeps absurd numbers out before any rule reads them. */
const longestSeconds = 24 * 60 * 60;

const second = (message: string) => z.number({ error: message }).min(0, message).max(longestSeconds, message);

const rangeMessage = 'Сонссон хэсэг (ranges) нь [эхлэл, төгсгөл] секундүүд байх ёстой.';

const heardRange = z.tuple([second(rangeMessage), second(rangeMessage)], { error: rangeMessage }).refine(([start, end]) => start <= end, rangeMessage);

/** POST /v1/progress/videos/{videoId}: what was heard since the page opened the video, and where the playhead is. */
export const listeningReport = z
  .object({
    monsterplan: id.optional(),
    lesson: id.optional(),
    ranges: z.array(heardRange, { error: rangeMessage }).max(maxRanges, `Нэг илгээлтэд ${maxRanges}-аас олон хэсэг байж болохгүй.`),
    position: second('Тоглуулж буй байрлал (position) нь 0-ээс багагүй секунд байх ёстой.'),
  })
  .refine((report) => (report.monsterplan === undefined) !== (report.lesson === undefined), {
    message: 'Monster plan (monsterplan) эсвэл багц хичээлийн (lesson) аль нэгийг л заана уу.',
  });
export type ListeningReport = z.infer<typeof listeningReport>;

const wordsMessage = 'Диктантын оноо (lines, correctWords, totalWords) нь 0-ээс багагүй бүхэл тоо, зөв үг нийт үгээс олон биш байх ёстой.';
const count = z.number({ error: wordsMessage }).int(wordsMessage).min(0, wordsMessage).max(100_000, wordsMessage);

/** PUT /v1/progress/videos/{videoId}/dictation: the video's dictation so far, as the player scored it. */
export const dictationReport = z
  .object({ monsterplan: id.optional(), lesson: id.optional(), lines: count, correctWords: count, totalWords: count })
  .refine((report) => report.correctWords <= report.totalWords, { message: wordsMessage })
  .refine((report) => (report.monsterplan === undefined) !== (report.lesson === undefined), {
    message: 'Monster plan (monsterplan) эсвэл багц хичээлийн (lesson) аль нэгийг л заана уу.',
  });
export type DictationReport = z.infer<typeof dictationReport>;
