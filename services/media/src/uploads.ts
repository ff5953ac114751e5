// What each upload accepts, judged by the file's bytes (content-types.ts), with the messages a
// refused file gets.
import type { Sniffed } from './content-types.js';
import { spoolUpload } from './spool.js';

const kinds = {
  video: {
    field: 'video',
    accepts: 'video',
    refused: (sniffed: Sniffed) =>
      sniffed.category === 'audio' ? 'Файлд видео алга байна. Видео файл сонгоно уу.' : 'Видео файл биш байна. mp4, webm зэрэг видео файл сонгоно уу.',
  },
  aloud: { field: 'video', accepts: 'audio', refused: () => 'Зөвхөн аудио файл (mp3, m4a, webm, ogg, wav) илгээнэ үү.' },
  document: { field: 'document', accepts: 'pdf', refused: () => 'PDF файл биш байна. PDF файл сонгоно уу.' },
  // Subtitles are text; subtitles.ts reads them and refuses what is neither SRT nor WebVTT.
  subtitle: { field: 'subtitle', accepts: 'unknown', refused: () => 'Хадмал SRT эсвэл WebVTT файл байх ёстой.' },
} as const;

/** Subtitles are small; a larger "subtitle" is something else. */
const subtitleLimitBytes = 2 * 1024 * 1024;

export function uploadOf(kind: keyof typeof kinds, spoolDir: string, limitBytes: number) {
  const { field, accepts, refused } = kinds[kind];
  return spoolUpload(spoolDir, {
    field,
    limitBytes: kind === 'subtitle' ? Math.min(limitBytes, subtitleLimitBytes) : limitBytes,
    accept: (sniffed) => {
      if (sniffed.category === accepts) return { contentType: 'contentType' in sniffed ? sniffed.contentType : 'text/plain; charset=utf-8' };
      // Recorders write sound into general MP4 brands too (isom, mp42, iso5); ffprobe then checks there is no picture.
      if (kind === 'aloud' && sniffed.category === 'video' && sniffed.contentType === 'video/mp4') return { contentType: 'audio/mp4' };
      return { refused: refused(sniffed) };
    },
  });
}
