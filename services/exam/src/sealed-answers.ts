// The answers of POST /v1/monsterplans/{id}/exam arrive in `data` as a payload TOKEN (DESIGN.md),
// sealed by the browser with the gateway's secret. Without a secret (a development gateway that does
// not encrypt) `data` is the plaintext itself.
import { exam, openPayload, payloadKey, PayloadTokenError } from '@learning/contracts';
import { badRequest } from '@learning/kit/http';

export type OpenAnswers = (data: string) => Promise<exam.ExamAnswer[]>;

const unreadable = () => badRequest('Хариултуудыг уншиж чадсангүй.', 'exam_answers_unreadable');

export function answerOpener(secret: string | undefined): OpenAnswers {
  const key = secret ? payloadKey(secret) : undefined;
  return async (data) => {
    let plaintext = data;
    if (key) {
      try {
        plaintext = await openPayload(await key, data);
      } catch (error) {
        if (error instanceof PayloadTokenError) throw unreadable();
        throw error;
      }
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(plaintext);
    } catch {
      throw unreadable();
    }
    const answers = exam.examAnswers.safeParse(parsed);
    if (!answers.success) throw badRequest('Хариултын бичиглэл буруу байна: [{"question", "answer"}] байх ёстой.', 'exam_answers_invalid');
    return answers.data;
  };
}
