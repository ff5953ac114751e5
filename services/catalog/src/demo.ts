// The demo a newcomer sees on `npm start`: on an empty catalog, three Monster
// plans of two weeks (one inactive, one with the exam) and three lesson bundles, with the spec's
// prices. Their videos are the demo videos of packages/contracts, under the ids the media service
// gives its demo files, so the catalog's video read model starts with them.
import { demoClipSeconds, demoDaysPerWeek, demoLessonVideos, demoMonsterplanIds, demoMonsterplanVideos, demoVideos, type DemoVideo } from '@learning/contracts/demo';
import type { catalog } from '@learning/contracts';
import { transaction } from '@learning/kit/data';
import { sql } from 'kysely';
import { insertLesson } from './lessons.js';
import { insertMonsterplan } from './monsterplans.js';
import type { CatalogDb } from './tables.js';

const dayWords = [
  'wake up, alarm, stretch, breakfast, commute',
  'receipt, discount, aisle, cashier, refund',
  'forecast, humid, breeze, freezing, shower',
  'sibling, cousin, relative, raise, get along',
  'deadline, meeting, schedule, colleague, report',
  'departure, luggage, boarding, delay, customs',
  'menu, order, starter, bill, tip',
  'appointment, symptom, prescription, fever, recover',
  'hobby, collect, knit, photography, join',
  'weekend, relax, picnic, hang out, nap',
];

/** A sample of what the administrator writes: the account is a placeholder, not a real one. */
const paymentInstructions = [
  'Төлбөрөө дараах аргуудын аль нэгээр төлнө үү:',
  '• Дансаар: Хаан банк 5000 000 000 (Жишээ сургалтын төв). Гүйлгээний утга дээр имэйл хаягаа бичнэ үү.',
  '• QPay: төвийн QPay кодыг уншуулна уу.',
  '• Бэлнээр: сургалтын төвд ажлын өдрүүдэд 10:00–18:00 цагт.',
].join('\n');

const monsterplans: Array<Omit<catalog.MonsterplanBody, 'videos'>> = [
  {
    name: 'Monster plan 1: Сонсголын суурь',
    price: '49,000₮',
    earlyPrice: '35,000₮',
    // Spec section 9: the early price of plan 1 holds before 9 December (Ulaanbaatar time).
    earlyPriceUntil: '2026-12-09T00:00:00+08:00',
    isActive: true,
    exam: true,
    paymentInstructions,
  },
  { name: 'Monster plan 2: Өдөр тутмын яриа', price: '49,000₮', isActive: true, exam: false, paymentInstructions },
  { name: 'Monster plan 1–3: Гурван шатны багц', price: '111,000₮', isActive: false, exam: false, paymentInstructions },
];

const lessons: Array<Omit<catalog.LessonBody, 'videos'>> = [
  { name: 'IELTS Listening: эхлэгчдэд', price: '59,000₮', paymentInstructions },
  { name: 'Англи хэлний дүрэм: дунд шат', price: '45,000₮', paymentInstructions },
  { name: 'Ярианы англи хэл: өдөр тутмын харилцаа', price: '39,000₮', paymentInstructions },
];

/** Seeds the demo when the catalog has neither a plan nor a bundle; answers whether it did. */
export async function seedDemo(db: CatalogDb): Promise<boolean> {
  return transaction(db, async (trx) => {
    // Two instances starting at once on one database seed once.
    await sql`LOCK TABLE monsterplan, lesson IN EXCLUSIVE MODE`.execute(trx);
    const [plan, lesson] = await Promise.all([
      trx.selectFrom('monsterplan').select('id').limit(1).executeTakeFirst(),
      trx.selectFrom('lesson').select('id').limit(1).executeTakeFirst(),
    ]);
    if (plan || lesson) return false;
    await trx
      .insertInto('video')
      .values(
        demoVideos.map((video) => ({ id: video.id, kind: video.kind, name: video.name, translate_url: '', has_subtitle: video.hasSubtitle, duration_seconds: demoClipSeconds })),
      )
      .onConflict((c) => c.column('id').doNothing())
      .execute();
    for (const [index, body] of monsterplans.entries()) {
      await insertMonsterplan(trx, { ...body, videos: demoMonsterplanVideos[index]!.map(placement) }, demoMonsterplanIds[index]);
    }
    for (const [index, body] of lessons.entries()) {
      await insertLesson(trx, { ...body, videos: demoLessonVideos[index]!.map((video) => video.id) });
    }
    return true;
  });
}

function placement(video: DemoVideo, index: number): catalog.Placement {
  return {
    _id: video.id,
    week: Math.floor(index / demoDaysPerWeek) + 1,
    dayOfWeek: (index % demoDaysPerWeek) + 1,
    monsterWords: dayWords[index] ?? '',
  };
}
