// Grading, the question file and the sealed answers, without HTTP: the rules of spec sections 4 and 9.
import { exam, payloadKey, sealPayload } from '@learning/contracts';
import { HttpError } from '@learning/kit/http';
import { gradeExam } from '../src/grading.js';
import { readQuestionFile } from '../src/question-file.js';
import { answerOpener } from '../src/sealed-answers.js';
import type { IssuedQuestion } from '../src/tables.js';

const issued: IssuedQuestion[] = Array.from({ length: 40 }, (_, n) => ({
  questionId: `q${n}`,
  question: `Sentence ${n}`,
  niceWord: 'Sentence',
  answers: ['a', 'b', 'c', 'd'].map((option) => ({ _id: `q${n}-${option}`, name: option })),
  correctAnswerId: `q${n}-${'abcd'[n % 4]}`,
}));

const right = (n: number) => ({ question: `q${n}`, answer: issued[n]!.correctAnswerId });
const wrong = (n: number) => ({ question: `q${n}`, answer: issued[n]!.answers.find((option) => option._id !== issued[n]!.correctAnswerId)!._id });
const timedOut = (n: number) => ({ question: `q${n}`, answer: exam.examRules.timeoutAnswer });

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('grading', () => {
  it('passes at 35 correct of 40 (87.5 %), which earns the refund', () => {
    const answers = issued.map((_, n) => (n < 35 ? right(n) : wrong(n)));
    expect(gradeExam(issued, answers)).toEqual({ percent: 87.5, totalQuestions: 40, correctQuestions: 35, passed: true });
  });

  it('fails at 34 correct of 40 (85 %)', () => {
    const answers = issued.map((_, n) => (n < 34 ? right(n) : timedOut(n)));
    expect(gradeExam(issued, answers)).toEqual({ percent: 85, totalQuestions: 40, correctQuestions: 34, passed: false });
  });

  it('counts 999 (the time ran out) and unanswered questions as wrong, out of every issued question', () => {
    const answers = [right(0), right(1), timedOut(2), wrong(3)];
    expect(gradeExam(issued, answers)).toEqual({ percent: 5, totalQuestions: 40, correctQuestions: 2, passed: false });
  });

  it('refuses an answer to a question that was not issued, an option the question lacks, and a second answer to one question', () => {
    expect(refusal(() => gradeExam(issued, [{ question: 'elsewhere', answer: 'q0-a' }]))).toMatchObject({ status: 400, code: 'exam_answer_unknown_question' });
    expect(refusal(() => gradeExam(issued, [{ question: 'q0', answer: 'q1-a' }]))).toMatchObject({ status: 400, code: 'exam_answer_unknown_option' });
    expect(refusal(() => gradeExam(issued, [right(0), right(0)]))).toMatchObject({ status: 400, code: 'exam_answer_repeated' });
  });
});

describe('the question file', () => {
  const header = 'question,niceWord,answer1,answer2,answer3,answer4,correct';

  it('reads a CSV file with quoted commas, a BOM and the correct option by number or by text', () => {
    const csv = `\uFEFF${header}\n"The forecast, as always, says rain.",forecast,цаг агаарын мэдээ,салхи,үүл,хуанли,1\nMy alarm rings at six.,alarm,цонх,сэрүүлэг,хөнжил,шүршүүр,сэрүүлэг\n`;
    expect(readQuestionFile(csv, 'csv')).toEqual([
      { question: 'The forecast, as always, says rain.', niceWord: 'forecast', answers: ['цаг агаарын мэдээ', 'салхи', 'үүл', 'хуанли'], correctIndex: 0 },
      { question: 'My alarm rings at six.', niceWord: 'alarm', answers: ['цонх', 'сэрүүлэг', 'хөнжил', 'шүршүүр'], correctIndex: 1 },
    ]);
  });

  it('names every bad CSV row by its line, the header being row 1', () => {
    const csv = [
      header,
      'My alarm rings at six.,alarm,цонх,сэрүүлэг,хөнжил,шүршүүр,2',
      'No word here.,alarm,a,b,c,d,1',
      'My alarm rings.,alarm,a,b,c,d,5',
      'My alarm rings.,alarm,a,b,c,,1',
    ].join('\n');
    const error = refusal(() => readQuestionFile(csv, 'csv'));
    expect(error).toMatchObject({ status: 400, code: 'question_file_invalid' });
    expect(error.message).toBe(
      '3-р мөр: Асуултын өгүүлбэрт тодруулах үг (niceWord) байх ёстой.; 4-р мөр: Зөв хариулт нь 1–4 дугаар эсвэл хариултуудын аль нэгтэй яг ижил байх ёстой.; 5-р мөр: Хариулт хоосон байна.',
    );
  });

  it('refuses a CSV file without the expected columns, naming them', () => {
    expect(refusal(() => readQuestionFile('question,word\nx,y', 'csv')).message).toMatch(/^1-р мөр: «word» багана танигдсангүй/);
    expect(refusal(() => readQuestionFile('question,niceWord\nx,y', 'csv')).message).toMatch(/^1-р мөр: answer1, answer2, answer3, answer4, correct багана алга/);
  });

  it('reads a JSON array and names bad items by their position', () => {
    const good = { question: 'The breeze is cool.', niceWord: 'breeze', answers: ['сэвшээ салхи', 'шуурга', 'мөндөр', 'манан'], correct: 'сэвшээ салхи' };
    expect(readQuestionFile(JSON.stringify({ questions: [good] }), 'json')).toHaveLength(1);
    const error = refusal(() => readQuestionFile(JSON.stringify([good, { ...good, answers: ['a', 'b', 'c'] }, { ...good, answers: ['a', 'a', 'b', 'c'], correct: 1 }]), 'json'));
    expect(error.message).toBe('2-р мөр: Дөрвөн хариулт байх ёстой.; 3-р мөр: Хариултууд давхардсан байна.');
    expect(refusal(() => readQuestionFile('[{', 'json'))).toMatchObject({ status: 400, code: 'question_file_malformed' });
    expect(refusal(() => readQuestionFile('[]', 'json'))).toMatchObject({ status: 400, code: 'question_file_empty' });
  });
});

describe('the sealed answers', () => {
  const answers = [{ question: 'q0', answer: 'q0-a' }, { question: 'q1', answer: 999 }];

  it('opens a TOKEN sealed with the secret, as the browser seals it', async () => {
    const token = await sealPayload(await payloadKey('the secret'), JSON.stringify(answers));
    expect(await answerOpener('the secret')(token)).toEqual(answers);
    await expect(answerOpener('another secret')(token)).rejects.toMatchObject({ status: 400, code: 'exam_answers_unreadable' });
    await expect(answerOpener('the secret')(JSON.stringify(answers))).rejects.toMatchObject({ status: 400, code: 'exam_answers_unreadable' });
    // Parts that are not base64 at all (a length of 4n + 1).
    await expect(answerOpener('the secret')('v1.x.y')).rejects.toMatchObject({ status: 400, code: 'exam_answers_unreadable' });
  });

  it('takes the plaintext itself when the platform runs without a secret', async () => {
    expect(await answerOpener(undefined)(JSON.stringify(answers))).toEqual(answers);
    await expect(answerOpener(undefined)('[{"question": 1}]')).rejects.toMatchObject({ status: 400, code: 'exam_answers_invalid' });
  });
});
