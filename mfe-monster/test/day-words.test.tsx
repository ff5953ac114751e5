import type { PlanProgress } from '@learning/contracts';
import { dayWordsOf, flashcardsFile, wordsSoFar } from '../src/day-words';
import { aPlan } from './fixtures';

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob, 'utf-8');
  });

describe("the days' words", () => {
  it('reads the words one a line with their meanings, or comma-separated on one line', () => {
    expect(dayWordsOf('greeting — мэндчилгээ\nneighbour - хөрш\n\nqueue\tдараалал\nfever: халуурах')).toEqual([
      { term: 'greeting', meaning: 'мэндчилгээ' },
      { term: 'neighbour', meaning: 'хөрш' },
      { term: 'queue', meaning: 'дараалал' },
      { term: 'fever', meaning: 'халуурах' },
    ]);
    expect(dayWordsOf('wake up, alarm, stretch ,')).toEqual([
      { term: 'wake up', meaning: '' },
      { term: 'alarm', meaning: '' },
      { term: 'stretch', meaning: '' },
    ]);
    expect(dayWordsOf('  ')).toEqual([]);
  });

  it('gathers the words of the days released so far, in plan order', () => {
    const plan = aPlan({ _id: 'p1' });
    plan.populatedVideos[0]!.videos[0]!.monsterWords = 'alarm';
    plan.populatedVideos[0]!.videos[1]!.monsterWords = 'receipt — баримт';
    plan.populatedVideos[1]!.videos[0]!.monsterWords = 'humid';
    const progress = { days: [{ week: 2, dayOfWeek: 1, isReleased: false, releasesAt: '2026-12-01T00:00:00.000Z' }] } as unknown as PlanProgress;
    expect(wordsSoFar(plan, progress)).toEqual([
      { week: 1, dayOfWeek: 1, words: [{ term: 'alarm', meaning: '' }] },
      { week: 1, dayOfWeek: 2, words: [{ term: 'receipt', meaning: 'баримт' }] },
    ]);
    expect(wordsSoFar(plan, null)).toHaveLength(3);
  });

  it('writes a tab-separated UTF-8 file with the headers Anki reads, one card a line, that Quizlet imports too', async () => {
    const file = flashcardsFile('Monster: Өглөө', [
      { week: 1, dayOfWeek: 1, words: [{ term: 'wake\tup', meaning: 'сэрэх\nбосох' }] },
      { week: 1, dayOfWeek: 2, words: [{ term: 'receipt', meaning: 'баримт' }] },
    ]);
    expect(file.name).toBe('monster-өглөө-words.tsv');
    expect(file.type).toBe('text/tab-separated-values;charset=utf-8');
    expect(await textOf(file)).toBe('#separator:tab\n#html:false\n#deck:Monster: Өглөө\nwake up\tсэрэх босох\nreceipt\tбаримт\n');
  });
});
