// What a file is, judged by its first bytes and never by its name or the type the client claims:
// a text file named .mp4 is not a video.

export type Sniffed = { category: 'video' | 'audio' | 'pdf'; contentType: string } | { category: 'unknown' };

/** How many leading bytes `sniff` wants: enough for Matroska's track list and Ogg's first page. */
export const sniffBytes = 8192;

const ascii = (head: Buffer, start: number, text: string) => head.toString('latin1', start, start + text.length) === text;
const audioBrands = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

export function sniff(head: Buffer): Sniffed {
  if (ascii(head, 0, '%PDF-')) return { category: 'pdf', contentType: 'application/pdf' };
  if (ascii(head, 4, 'ftyp')) {
    const brand = head.toString('latin1', 8, 12);
    if (audioBrands.has(brand)) return { category: 'audio', contentType: 'audio/mp4' };
    return { category: 'video', contentType: brand === 'qt  ' ? 'video/quicktime' : 'video/mp4' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    const isWebm = head.includes('webm', 0, 'latin1');
    // Matroska names each track's codec: V_VP9, A_OPUS… A head with audio tracks only is a recording.
    const hasVideo = /V_[A-Z]/.test(head.toString('latin1'));
    const hasAudio = /A_[A-Z]/.test(head.toString('latin1'));
    if (hasAudio && !hasVideo) return { category: 'audio', contentType: isWebm ? 'audio/webm' : 'audio/x-matroska' };
    return { category: 'video', contentType: isWebm ? 'video/webm' : 'video/x-matroska' };
  }
  if (ascii(head, 0, 'OggS')) {
    const text = head.toString('latin1', 0, 512);
    if (text.includes('theora')) return { category: 'video', contentType: 'video/ogg' };
    if (text.includes('OpusHead') || text.includes('vorbis') || text.includes('FLAC')) return { category: 'audio', contentType: 'audio/ogg' };
    return { category: 'unknown' };
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { category: 'audio', contentType: 'audio/wav' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return { category: 'video', contentType: 'video/x-msvideo' };
  if (ascii(head, 0, 'FLV\x01')) return { category: 'video', contentType: 'video/x-flv' };
  if (head.length > 376 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) return { category: 'video', contentType: 'video/mp2t' };
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return { category: 'video', contentType: 'video/mpeg' };
  if (ascii(head, 0, 'ID3') || isMpegAudioFrame(head, 0)) return { category: 'audio', contentType: 'audio/mpeg' };
  return { category: 'unknown' };
}

/** An MPEG audio (mp3) frame header: 11 sync bits, a layer, a bitrate that is not "bad" and a real sample rate. */
function isMpegAudioFrame(head: Buffer, at: number): boolean {
  if (head.length < at + 4) return false;
  const [b0, b1, b2] = [head[at]!, head[at + 1]!, head[at + 2]!];
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && layer !== 0 && bitrate !== 0xf && sampleRate !== 0b11;
}
