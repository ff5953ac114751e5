// The day's words found in a line: a word (or phrase) is in the line when its words begin
// consecutive words of the line, case forgiven, so "delay" is found in "delayed" and "wake up" in
// "I woke up"? No: "wake" does not begin "woke". Irregular forms are not found. Pure.
import { comparable, wordsOf } from './dictation';

/** The day's words that the line holds, as given. */
export function wordsInLine(terms: readonly string[], line: string): string[] {
  const lineWords = wordsOf(line).map(comparable);
  return terms.filter((term) => {
    const termWords = wordsOf(term).map(comparable);
    if (termWords.length === 0) return false;
    return lineWords.some((_, start) => termWords.every((word, offset) => lineWords[start + offset]?.startsWith(word) ?? false));
  });
}

/** The line split into pieces, those that begin with a found word marked (for the list's highlight). */
export function markedPieces(line: string, terms: readonly string[]): Array<{ text: string; isMarked: boolean }> {
  const found = wordsInLine(terms, line).flatMap((term) => wordsOf(term).map(comparable));
  if (found.length === 0) return [{ text: line, isMarked: false }];
  return line.split(/(\s+)/).map((piece) => {
    const words = wordsOf(piece).map(comparable);
    return { text: piece, isMarked: words.length > 0 && words.some((word) => found.some((term) => word.startsWith(term))) };
  });
}
