// The question's sentence cut around its niceWord (spec section 3), so the page can highlight it.

export interface SentencePart {
  text: string;
  isNiceWord: boolean;
}

/** Every occurrence of `niceWord`, whatever its case, becomes its own part. */
export function splitAtNiceWord(sentence: string, niceWord: string): SentencePart[] {
  const word = niceWord.trim();
  if (!word) return [{ text: sentence, isNiceWord: false }];
  const pattern = new RegExp(`(${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi');
  return sentence
    .split(pattern)
    .filter((text) => text !== '')
    .map((text) => ({ text, isNiceWord: text.toLowerCase() === word.toLowerCase() }));
}
