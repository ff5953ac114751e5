// Dictation: what the learner typed, compared word by word with the line heard. Case and
// punctuation are forgiven (Cyrillic and Latin alike); the words are aligned by their longest common
// subsequence, the classic dynamic programme, so a missed or extra word does not shift every later one.

export type WordMark =
  /** Heard and typed alike. */
  | { kind: 'right'; word: string }
  /** In the line, not typed (or typed differently: the typed word then follows as 'extra'). */
  | { kind: 'missed'; word: string }
  /** Typed, not in the line. */
  | { kind: 'extra'; word: string };

export interface DictationResult {
  marks: WordMark[];
  correctWords: number;
  /** The line's words. */
  totalWords: number;
}

/** A word: letters and digits of any script, with apostrophes inside (don't, it’s). */
const wordPattern = /[\p{L}\p{M}\p{N}]+(?:['’‘`][\p{L}\p{M}\p{N}]+)*/gu;

/** The words of a text as written, punctuation left out. */
export function wordsOf(text: string): string[] {
  return text.normalize('NFC').match(wordPattern) ?? [];
}

/** A word as compared: case and the kind of apostrophe forgiven. */
export function comparable(word: string): string {
  return word.toLocaleLowerCase().replace(/['’‘`]/g, "'");
}

/** The line's words (as written in the line) marked against the answer's (as typed). */
export function compareDictation(line: string, answer: string): DictationResult {
  const shown = wordsOf(line);
  const typedShown = wordsOf(answer);
  const expected = shown.map(comparable);
  const typed = typedShown.map(comparable);

  // lengths[i][j]: the longest common subsequence of expected[i..] and typed[j..].
  const lengths = Array.from({ length: expected.length + 1 }, () => new Array<number>(typed.length + 1).fill(0));
  for (let i = expected.length - 1; i >= 0; i--) {
    for (let j = typed.length - 1; j >= 0; j--) {
      lengths[i]![j] = expected[i] === typed[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }

  const marks: WordMark[] = [];
  let i = 0;
  let j = 0;
  while (i < expected.length || j < typed.length) {
    if (i < expected.length && j < typed.length && expected[i] === typed[j]) {
      marks.push({ kind: 'right', word: shown[i]! });
      i++;
      j++;
    } else if (j >= typed.length || (i < expected.length && lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      marks.push({ kind: 'missed', word: shown[i]! });
      i++;
    } else {
      marks.push({ kind: 'extra', word: typedShown[j]! });
      j++;
    }
  }
  const correctWords = marks.filter((mark) => mark.kind === 'right').length;
  return { marks, correctWords, totalWords: expected.length };
}
