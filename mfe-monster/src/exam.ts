// The exam's calls (docs/api.md): where the learner's one attempt stands (also as a query,
// for the pages that only show the way to it), a question revealed when the learner reaches it, each
// answer as it is chosen, and the end of the attempt with the answers sealed as a payload TOKEN with
// the gateway's secret (DESIGN.md) before they leave the browser.
import { payloadKey, sealPayload, type exam } from '@learning/contracts';
import { api, loadRuntimeConfig, monsterplanKey, useQuery } from '@learning/platform';

const examPath = (monsterplanId: string) => `/v1/monsterplans/${encodeURIComponent(monsterplanId)}/exam`;
const questionPath = (monsterplanId: string, number: number) => `${examPath(monsterplanId)}/questions/${number}`;

export const examAttemptKey = (monsterplanId: string) => [...monsterplanKey(monsterplanId), 'exam', 'attempt'] as const;

export function fetchExamAttempt(monsterplanId: string, signal?: AbortSignal): Promise<exam.ExamAttempt> {
  return api.get<exam.ExamAttempt>(`${examPath(monsterplanId)}/attempt`, undefined, signal);
}

/** Where the attempt stands, asked anew each time a page opens: the exam screen moves it on meanwhile. */
export function useExamAttempt(monsterplanId: string, isEnabled: boolean) {
  return useQuery({ queryKey: examAttemptKey(monsterplanId), queryFn: ({ signal }) => fetchExamAttempt(monsterplanId, signal), enabled: isEnabled, staleTime: 0 });
}

/** Question `number` of the attempt: 1 begins it; the open one asked again comes back with its clock still running. */
export function revealExamQuestion(monsterplanId: string, number: number): Promise<exam.RevealedQuestion> {
  return api.post<exam.RevealedQuestion>(questionPath(monsterplanId, number));
}

export function sendExamAnswer(monsterplanId: string, number: number, answer: exam.ExamAnswerCode): Promise<exam.RecordedAnswer> {
  return api.post<exam.RecordedAnswer>(`${questionPath(monsterplanId, number)}/answer`, { answer });
}

/** Ends the attempt; the server grades its own record of each question, `answers` only filling in. */
export async function finishExam(monsterplanId: string, userId: string, answers: readonly exam.ExamAnswer[]): Promise<exam.ExamResult> {
  return api.post<exam.ExamResult>(examPath(monsterplanId), { id: monsterplanId, user: userId, data: await sealAnswers(answers) });
}

/** The answers as `data`: sealed when the gateway encrypts payloads, else the JSON text itself. */
export async function sealAnswers(answers: readonly exam.ExamAnswer[]): Promise<string> {
  const plaintext = JSON.stringify(answers);
  const { payloadSecret } = await loadRuntimeConfig();
  return payloadSecret ? sealPayload(await payloadKey(payloadSecret), plaintext) : plaintext;
}
