import { currentLine, hasWords, isTitle, lineAt, linesOf, nextLine, plainText, previousLine } from '../src/ui/video/lines';
import { createSentenceLoop, type LoopSettings } from '../src/ui/video/sentence-loop';

// Three lines with a silence between the second and third, as a WebVTT track gives them (out of order).
const cues = [
  { startTime: 4, endTime: 6.5, text: 'Where is the <i>station</i>?' },
  { startTime: 1, endTime: 4, text: '<v Bold>Hello,\nmy friend.</v>' },
  { startTime: 8, endTime: 10, text: 'Сайн байна уу?' },
  { startTime: 11, endTime: 12, text: '   ' },
];
const lines = linesOf(cues);

describe('the subtitle track as lines', () => {
  it('orders the cues, drops the WebVTT tags and the empty ones, and numbers them', () => {
    expect(lines).toEqual([
      { index: 0, start: 1, end: 4, text: 'Hello, my friend.' },
      { index: 1, start: 4, end: 6.5, text: 'Where is the station?' },
      { index: 2, start: 8, end: 10, text: 'Сайн байна уу?' },
    ]);
    expect(plainText('<c.yellow>Tom &amp; Jerry</c> <00:00:01.000>run')).toBe('Tom & Jerry run');
    expect(linesOf(null)).toEqual([]);
  });

  it('leaves out what is not said: a sound in brackets or between music notes, a cue without a word, and the track’s title', () => {
    const track = [
      { startTime: 0, endTime: 2, text: 'Week 1 Day 2' },
      { startTime: 2, endTime: 3, text: '[Music]' },
      { startTime: 3, endTime: 4, text: '♪ la la la ♪' },
      { startTime: 4, endTime: 5, text: '♪ ♪' },
      { startTime: 5, endTime: 6, text: '(laughs) <i>[door closes]</i>' },
      { startTime: 6, endTime: 7, text: '...' },
      { startTime: 7, endTime: 9, text: '(laughs) Good morning, teacher.' },
      { startTime: 9, endTime: 11, text: 'Week 2 starts on Monday' },
    ];
    expect(linesOf(track)).toEqual([
      { index: 0, start: 7, end: 9, text: '(laughs) Good morning, teacher.' },
      // Only the first cue can be the title.
      { index: 1, start: 9, end: 11, text: 'Week 2 starts on Monday' },
    ]);
  });

  it('takes the first cue for the track’s title when it names a numbered week, day or lesson and is not a sentence', () => {
    const titled = (title: string) => linesOf([{ startTime: 0, endTime: 3, text: title }, { startTime: 3, endTime: 6, text: 'Listen carefully.' }]).map((line) => line.text);
    for (const title of ['Week 1 Day 2', 'DAY 3', 'Lesson 4: At the shop', '1-р долоо хоног, 2-р өдөр: Дэлгүүрт', 'Лекц 1: Утсаар ярих', '2 дугаар хичээл']) {
      expect({ title, lines: titled(title) }).toEqual({ title, lines: ['Listen carefully.'] });
    }
    for (const said of ['Lesson 1 is about greetings.', 'Day 2, are you ready?', 'Good morning, teacher', 'Өглөөний мэндчилгээ']) {
      expect({ said, lines: titled(said) }).toEqual({ said, lines: [said, 'Listen carefully.'] });
    }
    expect(isTitle('Weekend 1')).toBe(false);
    expect(hasWords('[Applause] ♪')).toBe(false);
    expect(hasWords('Сайн уу ♪')).toBe(true);
  });

  it('knows the line heard at a moment, none in a silence, and the line the learner is on', () => {
    expect(lineAt(lines, 0.5)).toBeNull();
    expect(lineAt(lines, 2)?.index).toBe(0);
    expect(lineAt(lines, 4)?.index).toBe(1);
    expect(lineAt(lines, 7)).toBeNull();
    expect(currentLine(lines, 0.5)?.index).toBe(0);
    expect(currentLine(lines, 7)?.index).toBe(1);
    expect(currentLine(lines, 60)?.index).toBe(2);
    expect(currentLine([], 3)).toBeNull();
  });

  it('goes to the previous line, or first back to the start of the current one past its first second', () => {
    expect(previousLine(lines, 4.5)?.index).toBe(0);
    expect(previousLine(lines, 5.5)?.index).toBe(1);
    expect(previousLine(lines, 1.2)?.index).toBe(0);
    expect(previousLine(lines, 0)?.index).toBe(0);
  });

  it('goes to the next line, through a silence, and nowhere after the last', () => {
    expect(nextLine(lines, 0)?.index).toBe(0);
    expect(nextLine(lines, 2)?.index).toBe(1);
    expect(nextLine(lines, 7)?.index).toBe(2);
    expect(nextLine(lines, 9)).toBeNull();
    // Just after a seek to a line's start (a hair early), next is the one after it.
    expect(nextLine(lines, 3.98)?.index).toBe(2);
  });
});

/** A <video> as the loop sees it: the test moves its clock and plays or pauses it. */
function fakeMedia() {
  return {
    currentTime: 0,
    paused: true,
    play: jest.fn(function (this: { paused: boolean }) {
      this.paused = false;
    }),
    pause: jest.fn(function (this: { paused: boolean }) {
      this.paused = true;
    }),
  };
}

function loopWith(settings: Partial<LoopSettings>) {
  const media = fakeMedia();
  const onAutoPause = jest.fn();
  const onWaiting = jest.fn();
  const loop = createSentenceLoop({
    media,
    lineAt: (time) => lineAt(lines, time),
    settings: () => ({ isLooping: false, pauseSeconds: 0, repeats: 1, isAutoPausing: false, ...settings }),
    onAutoPause,
    onWaiting,
  });
  /** Plays on to `time`, with a timeupdate there. */
  const playTo = (time: number) => {
    media.currentTime = time;
    loop.timeUpdate();
  };
  return { media, loop, playTo, onAutoPause, onWaiting };
}

describe('the sentence loop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('plays the line again after the chosen pause, as many times as asked, then goes on', () => {
    const { media, loop, playTo, onWaiting } = loopWith({ isLooping: true, pauseSeconds: 2, repeats: 2 });
    loop.playLine(lines[1]!);
    expect(media.currentTime).toBe(4);
    expect(media.paused).toBe(false);

    playTo(5);
    playTo(6.6);
    // The end: paused for two seconds, then from the start again.
    expect(media.paused).toBe(true);
    expect(onWaiting).toHaveBeenLastCalledWith(true);
    jest.advanceTimersByTime(1999);
    expect(media.paused).toBe(true);
    jest.advanceTimersByTime(1);
    expect(media.currentTime).toBe(4);
    expect(media.paused).toBe(false);
    expect(onWaiting).toHaveBeenLastCalledWith(false);

    playTo(6.5);
    jest.advanceTimersByTime(2000);
    expect(media.currentTime).toBe(4);

    // Two repeats heard: the third end lets the video go on to the next line.
    playTo(6.6);
    expect(media.paused).toBe(false);
    jest.advanceTimersByTime(5000);
    expect(media.currentTime).toBe(6.6);
    playTo(8.5);
    expect(media.paused).toBe(false);
  });

  it('loops without a pause when the pause is 0, endlessly when asked', () => {
    const { media, loop, playTo } = loopWith({ isLooping: true, pauseSeconds: 0, repeats: Infinity });
    loop.playLine(lines[0]!);
    for (let round = 0; round < 5; round++) {
      playTo(4.1);
      expect(media.currentTime).toBe(1);
      expect(media.paused).toBe(false);
    }
  });

  it('follows the line reached by playing on, so every line loops in its turn', () => {
    const { media, playTo } = loopWith({ isLooping: true, pauseSeconds: 0, repeats: 1 });
    media.play();
    playTo(2);
    playTo(4.1);
    expect(media.currentTime).toBe(1);
    playTo(4.2);
    // The first line's one repeat is done; the second is followed from here.
    playTo(4.4);
    playTo(6.6);
    expect(media.currentTime).toBe(4);
  });

  it('pauses at the end of every line when auto-pause is on, and goes on when the learner plays', () => {
    const { media, playTo, onAutoPause } = loopWith({ isAutoPausing: true });
    media.play();
    playTo(2);
    playTo(4.05);
    expect(media.paused).toBe(true);
    expect(onAutoPause).toHaveBeenCalledWith(lines[0]);

    media.play();
    playTo(4.3);
    expect(media.paused).toBe(false);
    playTo(6.6);
    expect(media.paused).toBe(true);
    expect(onAutoPause).toHaveBeenLastCalledWith(lines[1]);
    expect(onAutoPause).toHaveBeenCalledTimes(2);
  });

  it('auto-pauses after the repeats when both are on', () => {
    const { media, loop, playTo, onAutoPause } = loopWith({ isLooping: true, pauseSeconds: 1, repeats: 1, isAutoPausing: true });
    loop.playLine(lines[0]!);
    playTo(4.1);
    jest.advanceTimersByTime(1000);
    expect(media.currentTime).toBe(1);
    expect(onAutoPause).not.toHaveBeenCalled();
    playTo(4.1);
    expect(media.paused).toBe(true);
    expect(onAutoPause).toHaveBeenCalledWith(lines[0]);
    jest.advanceTimersByTime(5000);
    expect(media.paused).toBe(true);
  });

  it('plays the repeat at once when the learner presses play during the pause', () => {
    const { media, loop, playTo } = loopWith({ isLooping: true, pauseSeconds: 5, repeats: 3 });
    loop.playLine(lines[0]!);
    playTo(4.1);
    media.play();
    loop.played();
    expect(media.currentTime).toBe(1);
    jest.advanceTimersByTime(5000);
    expect(media.currentTime).toBe(1);
  });

  it('starts afresh where a seek lands outside the line', () => {
    const { media, loop, playTo } = loopWith({ isLooping: true, pauseSeconds: 0, repeats: 1 });
    loop.playLine(lines[0]!);
    media.currentTime = 8.5;
    loop.seeked();
    playTo(10.1);
    expect(media.currentTime).toBe(8);
  });

  it('loops an A–B stretch, across lines, until it is cleared', () => {
    const { media, loop, playTo } = loopWith({ pauseSeconds: 1, repeats: 1 });
    media.play();
    loop.setStretch({ start: 2.5, end: 5 });
    expect(media.currentTime).toBe(2.5);
    for (let round = 0; round < 3; round++) {
      playTo(4.2);
      expect(media.paused).toBe(false);
      playTo(5.1);
      jest.advanceTimersByTime(1000);
      expect(media.currentTime).toBe(2.5);
    }
    loop.setStretch(null);
    playTo(5.1);
    expect(media.currentTime).toBe(5.1);
  });

  it('replays a line at any speed: only the position moves', () => {
    const { media, loop } = loopWith({});
    const withRate = Object.assign(media, { playbackRate: 0.5 });
    loop.playLine(lines[2]!);
    expect(withRate.currentTime).toBe(8);
    expect(withRate.playbackRate).toBe(0.5);
  });
});
