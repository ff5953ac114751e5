// The question bank: the administrator imports CSV or JSON files (errors named by row), lists,
// replaces and deletes questions, and the demo plans come with their bank.
import { openPayload, payloadKey } from '@learning/contracts';
import { demoMonsterplanIds } from '@learning/contracts/demo';
import { testPayloadSecret } from '@learning/testing';
import { aQuestion, expectStatus, startExamFixture, type ExamFixture } from './fixture.js';

let fixture: ExamFixture;
let planId: string;

beforeAll(async () => {
  fixture = await startExamFixture({ seedDemo: true });
  planId = await fixture.examPlan({ bank: 0 });
});
afterAll(() => fixture?.close());

const header = 'question,niceWord,answer1,answer2,answer3,answer4,correct';
const path = (id = planId) => `/v1/monsterplans/${id}/questions`;

/** Sends a file as the admin page does: multipart, field `file`, through the gateway. */
async function upload(method: 'POST' | 'PUT', text: string, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type }), name);
  const response = await fetch(fixture.platform.url + path(), { method, headers: { authorization: `Bearer ${fixture.admin}` }, body: form });
  const sealed = (await response.json()) as { payload: string };
  return { status: response.status, body: JSON.parse(await openPayload(await payloadKey(testPayloadSecret), sealed.payload)) };
}

it('imports a CSV file and lists the questions with their correct option, in file order', async () => {
  const csv = `${header}\nMy alarm rings at six.,alarm,цонх,сэрүүлэг,хөнжил,шүршүүр,2\n"The forecast, again, says rain.",forecast,цаг агаарын мэдээ,салхи,үүл,хуанли,цаг агаарын мэдээ\n`;
  expect(await upload('PUT', csv, 'bank.csv', 'text/csv')).toEqual({ status: 200, body: { count: 2, imported: 2 } });
  const { body } = await fixture.call('GET', `${path()}?perPage=10&currentPage=1`, { token: fixture.admin });
  expect(body.total).toBe(2);
  const [alarm, forecast] = body.result;
  expect(alarm).toMatchObject({ question: 'My alarm rings at six.', niceWord: 'alarm' });
  expect(alarm.answers.map((answer: { name: string }) => answer.name)).toEqual(['цонх', 'сэрүүлэг', 'хөнжил', 'шүршүүр']);
  expect(alarm.correctAnswer).toBe(alarm.answers[1]._id);
  expect(forecast.correctAnswer).toBe(forecast.answers[0]._id);
});

it('adds a JSON file after the questions there are', async () => {
  const json = JSON.stringify([aQuestion(1), aQuestion(2), aQuestion(3)]);
  expect(await upload('POST', json, 'more.json', 'application/json')).toEqual({ status: 201, body: { count: 5, imported: 3 } });
  expect((await fixture.bank(planId)).map((question) => question.niceWord)).toEqual(['alarm', 'forecast', 'word1', 'word2', 'word3']);
});

it('refuses a file with bad rows whole, naming each row, and keeps the bank as it was', async () => {
  const csv = `${header}\nMy alarm rings.,alarm,a,b,c,d,1\nNo word here.,alarm,a,b,c,d,1\nMy alarm rings.,alarm,a,b,c,d,7\n`;
  const { status, body } = await upload('PUT', csv, 'bad.csv', 'text/csv');
  expect(status).toBe(400);
  expect(body).toEqual({
    code: 'question_file_invalid',
    message: '3-р мөр: Асуултын өгүүлбэрт тодруулах үг (niceWord) байх ёстой.; 4-р мөр: Зөв хариулт нь 1–4 дугаар эсвэл хариултуудын аль нэгтэй яг ижил байх ёстой.',
  });
  expect(await fixture.bank(planId)).toHaveLength(5);
});

it('refuses a request without a file, and a file over 2 MB', async () => {
  const noFile = await fetch(fixture.platform.url + path(), { method: 'POST', headers: { authorization: `Bearer ${fixture.admin}` }, body: new FormData() });
  expect(noFile.status).toBe(400);
  const big = await upload('POST', `${header}\n${'x'.repeat(2 * 1024 * 1024 + 1)}`, 'big.csv', 'text/csv');
  expect(big).toMatchObject({ status: 413, body: { code: 'question_file_too_large' } });
});

it('replaces one question and deletes another; an unknown question is 404', async () => {
  const [first, second] = await fixture.bank(planId);
  const replaced = expectStatus(await fixture.call('PUT', `${path()}/${first!._id}`, { token: fixture.admin, body: aQuestion(77) }), 200, 'replacing');
  expect(replaced).toMatchObject({ _id: first!._id, niceWord: 'word77' });
  expect((await fixture.call('DELETE', `${path()}/${second!._id}`, { token: fixture.admin })).status).toBe(204);
  expect((await fixture.bank(planId)).map((question) => question.niceWord)).toEqual(['word77', 'word1', 'word2', 'word3']);
  expect((await fixture.call('DELETE', `${path()}/${second!._id}`, { token: fixture.admin })).status).toBe(404);
  const invalid = await fixture.call('PUT', `${path()}/${first!._id}`, { token: fixture.admin, body: { ...aQuestion(5), answers: ['a'] } });
  expect(invalid).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'Дөрвөн хариулт байх ёстой.' } });
});

it('empties the bank', async () => {
  expect((await fixture.call('DELETE', path(), { token: fixture.admin })).status).toBe(204);
  expect(await fixture.bank(planId)).toEqual([]);
});

it('gives each demo plan a bank of at least 40 questions, so the demo plan with the exam can be taken', async () => {
  for (const id of demoMonsterplanIds) expect((await fixture.bank(id)).length).toBeGreaterThanOrEqual(40);
  const learner = await fixture.approvedLearner(demoMonsterplanIds[0]!);
  for (let number = 1; number <= 40; number++) {
    const { question } = await fixture.reveal(learner, demoMonsterplanIds[0]!, number);
    expect(question.question.toLowerCase()).toContain(question.niceWord.toLowerCase());
  }
});
