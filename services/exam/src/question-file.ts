// Reading a question bank file the administrator imports: CSV (a header row, then one question a
// row: question, niceWord, answer1–answer4, correct) or JSON (an array of {question, niceWord,
// answers, correct}, or {questions: [...]}). Every problem is named by its row, so the file can be fixed.
import { exam } from '@learning/contracts';
import { badRequest, HttpError } from '@learning/kit/http';
import { parse } from 'csv-parse/sync';

export const csvColumns = ['question', 'niceWord', 'answer1', 'answer2', 'answer3', 'answer4', 'correct'] as const;

/** At most this many problems are listed in one answer; the rest are counted. */
const listedProblems = 5;
export const maxQuestionsPerFile = 2000;

export type FileKind = 'csv' | 'json';

/** The file's questions, or a 400 that names every bad row. */
export function readQuestionFile(text: string, kind: FileKind): exam.BankQuestionInput[] {
  const rows = kind === 'json' ? jsonRows(text) : csvRows(text);
  if (rows.length === 0) throw badRequest('Файлд асуулт алга.', 'question_file_empty');
  if (rows.length > maxQuestionsPerFile) throw badRequest(`Нэг файлд ${maxQuestionsPerFile}-аас олонгүй асуулт байна.`, 'question_file_too_long');
  const questions: exam.BankQuestionInput[] = [];
  const problems: string[] = [];
  for (const { row, input } of rows) {
    const parsed = exam.questionInput.safeParse(input);
    if (parsed.success) questions.push(parsed.data);
    else problems.push(`${row}-р мөр: ${parsed.error.issues[0]?.message ?? 'буруу байна.'}`);
  }
  if (problems.length > 0) throw badRequest(describeProblems(problems), 'question_file_invalid');
  return questions;
}

/** Tells the kind from the file's name or content type, else from its first character. */
export function fileKindOf(name: string | undefined, contentType: string | undefined, text: string): FileKind {
  if (/\.json$/i.test(name ?? '') || /json/i.test(contentType ?? '')) return 'json';
  if (/\.csv$/i.test(name ?? '') || /csv/i.test(contentType ?? '')) return 'csv';
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, '')) ? 'json' : 'csv';
}

interface Row {
  /** As the administrator counts: a CSV file's line (the header is row 1), a JSON array's position from 1. */
  row: number;
  input: unknown;
}

function describeProblems(problems: string[]): string {
  const listed = problems.slice(0, listedProblems).join('; ');
  const more = problems.length - listedProblems;
  return more > 0 ? `${listed}; бас ${more} мөрөнд алдаатай.` : listed;
}

function jsonRows(text: string): Row[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest('JSON файлын бичиглэл буруу байна.', 'question_file_malformed');
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(list)) throw badRequest('JSON файл асуултуудын жагсаалт (массив) байх ёстой.', 'question_file_malformed');
  return list.map((input, index) => ({ row: index + 1, input }));
}

function csvRows(text: string): Row[] {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      columns: columnNames,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const line = (error as { lines?: number }).lines;
    throw badRequest(line ? `${line}-р мөр: CSV бичиглэл буруу байна.` : 'CSV бичиглэл буруу байна.', 'question_file_malformed');
  }
  return records.map(({ record, info }) => ({
    row: info.lines,
    input: {
      question: record.question,
      niceWord: record.niceWord,
      answers: [record.answer1, record.answer2, record.answer3, record.answer4].filter((answer) => answer !== undefined),
      correct: record.correct,
    },
  }));
}

/** Header names as written, or with other casing and spacing ("Nice word", "ANSWER 1"). */
function columnNames(header: string[]): string[] {
  const names = header.map(columnName);
  const missing = csvColumns.filter((column) => !names.includes(column));
  if (missing.length > 0) throw badRequest(`1-р мөр: ${missing.join(', ')} багана алга. Баганууд: ${csvColumns.join(', ')}.`, 'question_file_malformed');
  return names;
}

function columnName(header: string): string {
  const normal = header.toLowerCase().replace(/[\s_-]/g, '');
  const column = csvColumns.find((name) => name.toLowerCase() === normal);
  if (!column) throw badRequest(`1-р мөр: «${header}» багана танигдсангүй. Баганууд: ${csvColumns.join(', ')}.`, 'question_file_malformed');
  return column;
}
