import { compareDictation, wordsOf } from '../src/ui/video/dictation';

const kinds = (line: string, answer: string) => compareDictation(line, answer).marks.map(({ kind, word }) => `${kind}:${word}`);

describe('dictation compared word by word', () => {
  it('forgives case and punctuation, in English and in Cyrillic', () => {
    expect(compareDictation('Where is the station?', 'where is the station')).toMatchObject({ correctWords: 4, totalWords: 4 });
    expect(compareDictation('Сайн байна уу? Би Бат!', 'сайн байна уу би бат')).toMatchObject({ correctWords: 5, totalWords: 5 });
    expect(compareDictation('“Don’t go,” she said.', "don't go she said")).toMatchObject({ correctWords: 4, totalWords: 4 });
  });

  it('shows a missed word, an extra one and a misheard one without shifting the rest', () => {
    expect(kinds('I went to the market yesterday.', 'I went the big market yesterday')).toEqual([
      'right:I',
      'right:went',
      'missed:to',
      'right:the',
      'extra:big',
      'right:market',
      'right:yesterday',
    ]);
    expect(kinds('Тэр номын сан руу явсан.', 'тэр номын сангаас явсан')).toEqual(['right:Тэр', 'right:номын', 'missed:сан', 'missed:руу', 'extra:сангаас', 'right:явсан']);
    expect(compareDictation('Тэр номын сан руу явсан.', 'тэр номын сангаас явсан')).toMatchObject({ correctWords: 3, totalWords: 5 });
  });

  it('counts nothing right for an empty answer, and nothing to hear in a line without words', () => {
    expect(compareDictation('Hello there', '')).toMatchObject({ correctWords: 0, totalWords: 2 });
    expect(compareDictation('♪ ♪', 'la la')).toMatchObject({ correctWords: 0, totalWords: 0 });
  });

  it('reads words of any script, keeping apostrophes and digits inside them', () => {
    expect(wordsOf('It’s 5 o’clock — цай уух цаг!')).toEqual(['It’s', '5', 'o’clock', 'цай', 'уух', 'цаг']);
  });
});
