// What a learner sends through the API in the admin journeys: an exam taken (its answers sealed as
// the wire contract's TOKEN) and a read-aloud recording.
import { readFile } from 'node:fs/promises';
import { payloadKey, sealPayload, type exam } from '@learning/contracts';
import { type Answer, testPayloadSecret, type TestPlatform } from '@learning/testing';

/** The answer chosen for a question: an option's `identifier`, or 999 (the time ran out). */
export type Choose = (question: exam.ExamQuestion, index: number) => string | 999;

/**
 * Asks for the plan's exam, once the exam service has heard of the learner's approval (an event
 * away: asked again while it answers 403), answers it and answers the graded result.
 */
export async function takeExam(platform: TestPlatform, learner: { id: string; token: string }, monsterplanId: string, choose: Choose): Promise<Answer> {
  const questions = await untilIssued(() => platform.call('GET', `/v1/monsterplans/${monsterplanId}/exam`, { token: learner.token }));
  const answers = questions.map((question, index) => ({ question: question.identifier, answer: choose(question, index) }));
  const data = await sealPayload(await payloadKey(testPayloadSecret), JSON.stringify(answers));
  return platform.call('POST', `/v1/monsterplans/${monsterplanId}/exam`, { token: learner.token, body: { id: monsterplanId, user: learner.id, data } });
}

async function untilIssued(ask: () => Promise<Answer>): Promise<exam.ExamQuestion[]> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await ask();
    if (answer.status === 200) return answer.body as exam.ExamQuestion[];
    if (answer.status !== 403 || attempt === 100) throw new Error(`the exam answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** POST /v1/monsterplans/aloud, multipart field `video`, as the plan page sends it; answers the status. */
export async function sendRecording(platform: TestPlatform, token: string, file: string): Promise<number> {
  const form = new FormData();
  form.append('video', new Blob([await readFile(file)], { type: 'audio/mpeg' }), 'aloud.mp3');
  const sent = await fetch(`${platform.url}/v1/monsterplans/aloud`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return sent.status;
}
