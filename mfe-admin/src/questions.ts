// A Monster plan's question bank, imported from a CSV or JSON file (the exam service): POST adds the
// file's questions to the bank, PUT replaces the bank with them; either answers {imported, count}.
import { upload, useMutation } from '@learning/platform';

export interface ImportAnswer {
  /** How many questions the file brought. */
  imported: number;
  /** How many questions the plan's bank holds after the import. */
  count: number;
}

export function useImportQuestions() {
  return useMutation({
    mutationFn: ({ monsterplanId, file, isReplacing }: { monsterplanId: string; file: File; isReplacing: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return upload<ImportAnswer>(`/v1/monsterplans/${encodeURIComponent(monsterplanId)}/questions`, form, { method: isReplacing ? 'PUT' : 'POST' });
    },
  });
}
