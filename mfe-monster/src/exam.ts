// The exam's calls (spec section 7): the questions of the learner's one attempt, and the answers,
// sealed as a payload TOKEN with the gateway's secret (DESIGN.md) before they leave the browser.
import { payloadKey, sealPayload, type exam } from '@learning/contracts';
import { api, loadRuntimeConfig } from '@learning/platform';

const examPath = (monsterplanId: string) => `/v1/monsterplans/${encodeURIComponent(monsterplanId)}/exam`;

export function fetchExamQuestions(monsterplanId: string): Promise<exam.ExamQuestion[]> {
  return api.get<exam.ExamQuestion[]>(examPath(monsterplanId));
}

export async function sendExamAnswers(monsterplanId: string, userId: string, answers: readonly exam.ExamAnswer[]): Promise<exam.ExamResult> {
  return api.post<exam.ExamResult>(examPath(monsterplanId), { id: monsterplanId, user: userId, data: await sealAnswers(answers) });
}

/** The answers as `data`: sealed when the gateway encrypts payloads, else the JSON text itself. */
export async function sealAnswers(answers: readonly exam.ExamAnswer[]): Promise<string> {
  const plaintext = JSON.stringify(answers);
  const { payloadSecret } = await loadRuntimeConfig();
  return payloadSecret ? sealPayload(await payloadKey(payloadSecret), plaintext) : plaintext;
}
