// The videos of the demo content that `npm start` shows on an empty database, defined once: the
// catalog seeds its video read model with them, and the media service seeds files under the same ids;
// the demo plans' ids, under which the exam service seeds their question banks.
// Imported as `@learning/contracts/demo` by services only, so no front-end bundle carries it.

export interface DemoVideo {
  id: string;
  kind: 'monsterplan' | 'lesson';
  name: string;
  hasSubtitle: boolean;
}

/** Stable ids: `5eed0000-0000-4000-8000-` and a 12-digit serial (1xx Monster plan videos, 2xx lesson videos, 3xx plans). */
const demoId = (serial: number) => `5eed0000-0000-4000-8000-${String(serial).padStart(12, '0')}`;

/** A demo Monster plan's days: two weeks of five days. */
export const demoDaysPerWeek = 5;
export const demoWeeks = 2;

const dayTopics = [
  'Өглөөний мэндчилгээ',
  'Дэлгүүрт',
  'Цаг агаар',
  'Гэр бүл',
  'Ажлын өдөр',
  'Аялал',
  'Хоол захиалах',
  'Эмчид үзүүлэх',
  'Хобби',
  'Амралтын өдөр',
];

/** The demo Monster plans' ids: the catalog seeds its plans under them, the exam service their question banks. */
export const demoMonsterplanIds: readonly string[] = [0, 1, 2].map((plan) => demoId(300 + plan + 1));

/** Each demo plan's videos in day order: week 1 days 1–5, then week 2 days 1–5. */
export const demoMonsterplanVideos: readonly (readonly DemoVideo[])[] = [0, 1, 2].map((plan) =>
  dayTopics.map((topic, index) => ({
    id: demoId(100 + plan * 10 + index + 1),
    kind: 'monsterplan' as const,
    name: `${Math.floor(index / demoDaysPerWeek) + 1}-р долоо хоног, ${(index % demoDaysPerWeek) + 1}-р өдөр: ${topic}`,
    hasSubtitle: true,
  })),
);

const lessonTopics = [
  ['Сонсголын даалгаврын төрлүүд', 'Тоо, огноо сонсох', 'Зураглал ба газрын зураг'],
  ['Present Perfect цаг', 'Нөхцөлт өгүүлбэр', 'Идэвхгүй хэв'],
  ['Танилцах, мэндлэх', 'Утсаар ярих', 'Санал бодлоо илэрхийлэх'],
];

/** Each demo lesson bundle's lecture videos, in order. */
export const demoLessonVideos: readonly (readonly DemoVideo[])[] = lessonTopics.map((topics, bundle) =>
  topics.map((topic, index) => ({
    id: demoId(200 + bundle * 10 + index + 1),
    kind: 'lesson' as const,
    name: `Лекц ${index + 1}: ${topic}`,
    hasSubtitle: true,
  })),
);

/** Every demo video is one of media's three 8-second clips. */
export const demoClipSeconds = 8;

export const demoVideos: readonly DemoVideo[] = [...demoMonsterplanVideos.flat(), ...demoLessonVideos.flat()];
