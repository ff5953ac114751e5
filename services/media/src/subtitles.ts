// Subtitles arrive as SRT or WebVTT and are kept as WebVTT, the format browsers' <track> reads.
import { HttpError } from '@learning/kit/http';

const notSubtitles = () => new HttpError(415, 'not_subtitles', 'Хадмал SRT эсвэл WebVTT файл байх ёстой.');

const srtTiming = /^(\d{1,2}:)?\d{1,2}:\d{2}[,.]\d{1,3}\s*-->\s*(\d{1,2}:)?\d{1,2}:\d{2}[,.]\d{1,3}/;

/** Answers the subtitles as WebVTT text, or refuses what is neither SRT nor WebVTT. */
export function toWebVtt(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notSubtitles();
  }
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.includes('\0')) throw notSubtitles();
  if (/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) {
    if (!text.includes('-->')) throw notSubtitles();
    return text.endsWith('\n') ? text : `${text}\n`;
  }
  const cues = text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  if (cues.length === 0) throw notSubtitles();
  const converted = cues.map((block) => {
    const lines = block.split('\n');
    // An SRT cue: an optional number, the timing line, then its text.
    const timingAt = srtTiming.test(lines[0]!) ? 0 : 1;
    const timing = lines[timingAt];
    if (!timing || !srtTiming.test(timing) || (timingAt === 1 && !/^\d+$/.test(lines[0]!))) throw notSubtitles();
    const vttTiming = timing.replace(/(\d),(\d)/g, '$1.$2');
    return [vttTiming, ...lines.slice(timingAt + 1)].join('\n');
  });
  return `WEBVTT\n\n${converted.join('\n\n')}\n`;
}
