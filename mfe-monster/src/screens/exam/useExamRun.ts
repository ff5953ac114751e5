// The exam's state machine for a screen: created when the screen opens (a stored exam resumes at
// once), stopped when it closes (and started again where it was, should React mount it twice), its
// state read with useSyncExternalStore.
import type { exam } from '@learning/contracts';
import { currentUserKey, useQueryClient, type QueryClient, type User } from '@learning/platform';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchExamQuestions, sendExamAnswers } from '../../exam';
import { createExamRun, type ExamRun, type ExamState } from './exam-run';

export function useExamRun(monsterplanId: string, userId: string): { run: ExamRun; state: ExamState } {
  const queryClient = useQueryClient();
  const [run] = useState(() =>
    createExamRun({
      monsterplanId,
      storage: localStorage,
      loadQuestions: () => fetchExamQuestions(monsterplanId),
      sendAnswers: async (answers) => {
        const result = await sendExamAnswers(monsterplanId, userId, answers);
        rememberResult(queryClient, monsterplanId, result);
        return result;
      },
    }),
  );

  useEffect(() => {
    // A resumed exam goes on at once: the server's clock has been running since the questions were issued.
    if (run.getState().questions.length > 0) run.start();
    return () => run.stop();
  }, [run]);

  const state = useSyncExternalStore(run.subscribe, run.getState);
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
