// What a learner sends through the API in the admin journeys: an exam taken question by question (its
// answers sealed as the wire contract's TOKEN at the end) and a read-aloud recording.
import { readFile } from 'node:fs/promises';
import { payloadKey, sealPayload, type exam } from '@learning/contracts';
import { type Answer, eventually, testPayloadSecret, type TestPlatform } from '@learning/testing';

/** The answer chosen for a question: an option's `identifier`, or 999 (the time ran out). */
export type Choose = (question: exam.ExamQuestion, index: number) => string | 999;

/**
 * Takes the plan's exam as the page does, once the exam service has heard of the learner's approval
 * (an event away: the first reveal is asked again while it answers 403): each question revealed,
 * answered, then the attempt ended with the answers sealed. Answers the graded result.
 */
export async function takeExam(platform: TestPlatform, learner: { id: string; token: string }, monsterplanId: string, choose: Choose): Promise<Answer> {
  const examPath = `/v1/monsterplans/${monsterplanId}/exam`;
  const call = (path: string, body?: unknown) => platform.call('POST', `${examPath}/${path}`, { token: learner.token, body });
  const answers: exam.ExamAnswer[] = [];
  let revealed = await eventually(async () => {
    const answer = await call('questions/1');
    return answer.status === 200 && answer;
  }, 'the exam reveals its first question to the approved learner');
  for (let index = 0; ; index++) {
    const question = (revealed.body as exam.RevealedQuestion).question;
    const answer = choose(question, index);
    await call(`questions/${index + 1}/answer`, { answer });
    answers.push({ question: question.identifier, answer });
    if ((revealed.body as exam.RevealedQuestion).remaining === 0) break;
    revealed = await call(`questions/${index + 2}`);
  }
  const data = await sealPayload(await payloadKey(testPayloadSecret), JSON.stringify(answers));
  return platform.call('POST', examPath, { token: learner.token, body: { id: monsterplanId, user: learner.id, data } });
}

/** POST /v1/monsterplans/aloud, multipart field `video`, as the plan page sends it; answers the status. */
export async function sendRecording(platform: TestPlatform, token: string, file: string): Promise<number> {
  const form = new FormData();
  form.append('video', new Blob([await readFile(file)], { type: 'audio/mpeg' }), 'aloud.mp3');
  const sent = await fetch(`${platform.url}/v1/monsterplans/aloud`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return sent.status;
}
