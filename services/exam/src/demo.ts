// The demo question bank that `npm start` gives the demo plans (SEED_DEMO=1): the words of the demo
// days in sentences, each with its Mongolian meaning among three others. Seeded under the demo plans'
// ids (packages/contracts/src/demo.ts) into a bank that is empty, so an administrator's bank is never touched.
import { demoMonsterplanIds } from '@learning/contracts/demo';
import { exam } from '@learning/contracts';
import { importQuestions } from './questions.js';
import type { ExamDb } from './tables.js';

/** [niceWord, the sentence, its meaning, three other meanings]. */
const words: ReadonlyArray<readonly [string, string, string, string, string, string]> = [
  ['alarm', 'My alarm rings at six every morning.', 'сэрүүлэг', 'цонх', 'хөнжил', 'шүршүүр'],
  ['stretch', 'I stretch my arms before breakfast.', 'суниах', 'угаах', 'гүйх', 'өлгөх'],
  ['commute', 'Her commute to work takes forty minutes.', 'ажилдаа явах зам', 'үдийн хоол', 'амралтын өдөр', 'цалин'],
  ['receipt', 'Please keep the receipt in case you want to return it.', 'баримт', 'хайрцаг', 'үнэ', 'дэлгүүр'],
  ['discount', 'Students get a ten percent discount here.', 'хөнгөлөлт', 'торгууль', 'хураамж', 'татвар'],
  ['aisle', 'The milk is in the third aisle.', 'лангууны хоорондох зам', 'хөргөгч', 'касс', 'агуулах'],
  ['cashier', 'The cashier gave me my change.', 'кассчин', 'тогооч', 'жолооч', 'харуул'],
  ['refund', 'The shop gave me a full refund.', 'буцаан олголт', 'бэлэг', 'зээл', 'урамшуулал'],
  ['forecast', 'The forecast says it will rain tomorrow.', 'цаг агаарын мэдээ', 'салхи', 'үүл', 'хуанли'],
  ['humid', 'The air is hot and humid in July.', 'чийглэг', 'хуурай', 'хүйтэн', 'тунгалаг'],
  ['breeze', 'A cool breeze came from the lake.', 'сэвшээ салхи', 'шуурга', 'мөндөр', 'манан'],
  ['freezing', 'It is freezing outside, wear a hat.', 'маш хүйтэн', 'бүгчим', 'нартай', 'бороотой'],
  ['shower', 'We got caught in a shower on the way home.', 'аадар бороо', 'цасан шуурга', 'наран шарлага', 'газар хөдлөлт'],
  ['sibling', 'Do you have a sibling who lives abroad?', 'ах эгч дүү', 'хөрш', 'багш', 'найз'],
  ['cousin', 'My cousin is visiting us this summer.', 'үеэл', 'өвөө', 'хадам ээж', 'зээ'],
  ['relative', 'Every relative came to the wedding.', 'хамаатан', 'зочин', 'хамтрагч', 'танихгүй хүн'],
  ['raise', 'It is hard to raise three children.', 'өсгөх', 'зарах', 'хайх', 'мартах'],
  ['deadline', 'The deadline for the report is Friday.', 'эцсийн хугацаа', 'эхлэх өдөр', 'амралт', 'хурал'],
  ['meeting', 'The meeting starts at nine sharp.', 'хурал', 'үдэшлэг', 'шалгалт', 'аялал'],
  ['schedule', 'Let me check my schedule for next week.', 'хуваарь', 'цүнх', 'хаяг', 'дансны үлдэгдэл'],
  ['colleague', 'A colleague helped me with the project.', 'хамт ажиллагч', 'үйлчлүүлэгч', 'өрсөлдөгч', 'дарга'],
  ['report', 'She wrote a short report on the sales.', 'тайлан', 'захидал', 'шүлэг', 'гэрээ'],
  ['departure', 'Our departure was at midnight.', 'хөдлөх цаг', 'ирэх цаг', 'саатал', 'буудал'],
  ['luggage', 'My luggage did not arrive with me.', 'ачаа тээш', 'тасалбар', 'паспорт', 'хөтөч'],
  ['boarding', 'Boarding begins thirty minutes before the flight.', 'онгоцонд суулгах', 'газардах', 'бүртгэл цуцлах', 'хоол түгээх'],
  ['delay', 'There is a two-hour delay because of the snow.', 'саатал', 'хөнгөлөлт', 'солилцоо', 'нөөц'],
  ['customs', 'We waited a long time at customs.', 'гааль', 'зочид буудал', 'эмнэлэг', 'вокзал'],
  ['menu', 'Could we see the menu, please?', 'хоолны цэс', 'тооцоо', 'ширээ', 'халбага'],
  ['starter', 'I will have soup as a starter.', 'эхний хоол', 'амттан', 'ундаа', 'үндсэн хоол'],
  ['bill', 'Can we have the bill, please?', 'тооцооны хуудас', 'хоолны цэс', 'аяга', 'салфетка'],
  ['tip', 'We left a tip for the waiter.', 'цайны мөнгө', 'торгууль', 'хадгаламж', 'төлбөр'],
  ['appointment', 'I have an appointment with the dentist.', 'цаг товлол', 'мэс засал', 'эмийн жор', 'даатгал'],
  ['symptom', 'A cough is a common symptom of a cold.', 'шинж тэмдэг', 'эм', 'эмчилгээ', 'дархлаа'],
  ['prescription', 'The doctor wrote a prescription for me.', 'эмийн жор', 'өвчний түүх', 'тэмдэглэл', 'нэхэмжлэх'],
  ['fever', 'The child has had a fever since yesterday.', 'халуурал', 'ханиад', 'толгой өвдөх', 'ядаргаа'],
  ['recover', 'It took him a week to recover.', 'эдгэрэх', 'өвдөх', 'унах', 'гомдоллох'],
  ['collect', 'My brother likes to collect old coins.', 'цуглуулах', 'зарах', 'хаях', 'солих'],
  ['knit', 'My grandmother taught me to knit.', 'нэхэх', 'оёх', 'зурах', 'хатгамал хийх'],
  ['photography', 'Photography is her favourite hobby.', 'гэрэл зураг авах урлаг', 'уран зураг', 'бүжиг', 'хөгжим'],
  ['join', 'Would you like to join our chess club?', 'нэгдэх', 'орхих', 'удирдах', 'байгуулах'],
  ['relax', 'On Sundays I just relax at home.', 'амрах', 'цэвэрлэх', 'хичээллэх', 'ажиллах'],
  ['picnic', 'We had a picnic by the river.', 'зугаалга', 'хурим', 'уралдаан', 'жагсаал'],
  ['nap', 'Grandpa takes a nap after lunch.', 'богино нойр', 'алхалт', 'дасгал', 'уншлага'],
  ['hang out', 'We usually hang out at the café after class.', 'цагийг хамт өнгөрөөх', 'маргалдах', 'хичээл тараах', 'ажилд орох'],
  ['get along', 'I get along well with my neighbours.', 'эвтэй байх', 'хэрэлдэх', 'нүүх', 'зээл авах'],
];

/** The bank: each word's meaning is the correct option, placed among the others in turn. */
export const demoQuestions: exam.QuestionInput[] = words.map(([niceWord, sentence, meaning, ...others], index) => {
  const answers = [...others];
  answers.splice(index % 4, 0, meaning);
  return { question: sentence, niceWord, answers, correct: meaning };
});

/** Seeds the demo bank into each demo plan whose bank is empty; answers how many banks it seeded. */
export async function seedDemoQuestions(db: ExamDb, questionsPerExam: number): Promise<number> {
  const questions = demoQuestions.map((question) => exam.questionInput.parse(question));
  let seeded = 0;
  for (const monsterplanId of demoMonsterplanIds) {
    const { imported } = await importQuestions(db, monsterplanId, questions, { replace: false, onlyIfEmpty: true, questionsPerExam });
    if (imported > 0) seeded++;
  }
  return seeded;
}
