// The exam's state machine for a screen: created when the screen opens, which asks the server where the
// attempt stands; stopped when it closes (and opened again where it was, should React mount it twice);
// its state read with useSyncExternalStore.
import type { exam } from '@learning/contracts';
import { currentUserKey, useQueryClient, type QueryClient, type User } from '@learning/platform';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchExamAttempt, finishExam, revealExamQuestion, sendExamAnswer } from '../../exam';
import { createExamRun, type ExamRun, type ExamState } from './exam-run';

export function useExamRun(monsterplanId: string, userId: string): { run: ExamRun; state: ExamState } {
  const queryClient = useQueryClient();
  const [run] = useState(() =>
    createExamRun({
      monsterplanId,
      storage: localStorage,
      calls: {
        fetchAttempt: () => fetchExamAttempt(monsterplanId),
        revealQuestion: (number) => revealExamQuestion(monsterplanId, number),
        sendAnswer: (number, answer) => sendExamAnswer(monsterplanId, number, answer),
        finish: (answers) => finishExam(monsterplanId, userId, answers),
      },
    }),
  );

  useEffect(() => {
    run.open();
    return () => run.stop();
  }, [run]);

  const state = useSyncExternalStore(run.subscribe, run.getState);
  const { phase } = state;
  useEffect(() => {
    if (phase.name === 'result') rememberResult(queryClient, monsterplanId, phase.result);
  }, [phase, queryClient, monsterplanId]);
  return { run, state };
}

/** The result is the current user's at once (the plan page shows it); the server's own copy follows by event. */
function rememberResult(queryClient: QueryClient, monsterplanId: string, result: exam.ExamResult) {
  queryClient.setQueryData<User>(currentUserKey, (user) =>
    user && {
      ...user,
      monsterplanExam: [
        ...user.monsterplanExam.filter((entry) => entry.id !== monsterplanId),
        { id: monsterplanId, percent: result.percent, correctQuestions: result.correctQuestions, totalQuestions: result.totalQuestions },
      ],
    },
  );
}
