// A plan day's materials besides its video (spec sections 1 and 7): the day's words as a file, the
// read-aloud PDF that media serves, and the learner's read-aloud recording sent to media.
import { upload, type UploadOptions } from '@learning/platform';

export const aloudPath = '/v1/monsterplans/aloud';

/** The read-aloud text of one day of one plan (a static download; media's document names). */
export function aloudPdfUrl(monsterplanId: string, week: number, dayOfWeek: number): string {
  return `/v1/documents/monsterplans/${encodeURIComponent(monsterplanId)}/aloud/week-${week}-day-${dayOfWeek}.pdf`;
}

/** The day's words (monsterWords) as a UTF-8 text file; the byte order mark lets Windows editors read the Cyrillic. */
export function wordsFile(words: string, week: number, day: number): File {
  const text = `\uFEFF${words.replace(/\r?\n/g, '\r\n')}\r\n`;
  return new File([text], `monster-words-week-${week}-day-${day}.txt`, { type: 'text/plain;charset=utf-8' });
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; the address is released on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The plan day a recording is made for: the catalog judges from it whether it came within 24 hours. */
export interface AloudDay {
  monsterplanId: string;
  week: number;
  dayOfWeek: number;
}

/**
 * Spec section 7: multipart with the file in the field named `video` (audio only; media checks the
 * bytes), and the plan day in the text fields `monsterplan`, `week`, `dayOfWeek`.
 */
export function uploadAloud(recording: File, day: AloudDay, options: Pick<UploadOptions, 'onProgress' | 'signal'>): Promise<unknown> {
  const form = new FormData();
  form.append('monsterplan', day.monsterplanId);
  form.append('week', String(day.week));
  form.append('dayOfWeek', String(day.dayOfWeek));
  form.append('video', recording, recording.name);
  return upload(aloudPath, form, options);
}

/** A recording made in the browser, named by its type so the service and the admin's player know it. */
export function recordingFile(blob: Blob, now: Date = new Date()): File {
  const type = blob.type || 'audio/webm';
  const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') || type.includes('aac') ? 'm4a' : type.includes('wav') ? 'wav' : type.includes('mpeg') ? 'mp3' : 'webm';
  const stamp = now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return new File([blob], `aloud-${stamp}.${extension}`, { type });
}

/**
 * The picker's first check (accept="audio/*" is only a hint); media checks the bytes. WebM and Ogg
 * files are often typed video/* by the system even when they hold only sound, so they go on too.
 */
export function mayBeAudio(file: File): boolean {
  return !file.type || file.type.startsWith('audio/') || file.type === 'video/webm' || file.type === 'video/ogg';
}
