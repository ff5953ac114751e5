import { markedPieces, wordsInLine } from '../src/ui/video/word-marks';

describe("the day's words in a line", () => {
  it('finds words and phrases, case and endings forgiven, in English and Cyrillic', () => {
    const words = ['delay', 'Get along', 'customs', 'хөрш'];
    expect(wordsInLine(words, 'The flight was DELAYED again.')).toEqual(['delay']);
    expect(wordsInLine(words, 'We get along with our хөршүүд!')).toEqual(['Get along', 'хөрш']);
    expect(wordsInLine(words, 'Along we get.')).toEqual([]);
  });

  it('marks the pieces of the line that hold a found word', () => {
    expect(markedPieces('Where is the station?', ['station'])).toEqual([
      { text: 'Where', isMarked: false },
      { text: ' ', isMarked: false },
      { text: 'is', isMarked: false },
      { text: ' ', isMarked: false },
      { text: 'the', isMarked: false },
      { text: ' ', isMarked: false },
      { text: 'station?', isMarked: true },
    ]);
    expect(markedPieces('Nothing here', ['station'])).toEqual([{ text: 'Nothing here', isMarked: false }]);
  });
});
