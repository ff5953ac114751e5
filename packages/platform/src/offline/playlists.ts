// What a day's download reads of a video's HLS ladder: the master playlist's renditions with their
// bit rates, and a rendition's own playlist with its init file, its segments and its length. The
// ladder's links are relative (docs/api.md, HLS), so a rendition's files keep their names offline.

/** A rendition the master playlist lists: its folder's name ('360p', 'audio') and bit rate. */
export interface Rendition {
  name: string;
  /** The playlist's address relative to the master, `{name}/playlist.m3u8`. */
  playlist: string;
  /** Bits per second: AVERAGE-BANDWIDTH where given, else BANDWIDTH (the peak). */
  bitsPerSecond: number;
}

/** The renditions of a master playlist, in its order. */
export function renditionsOf(master: string): Rendition[] {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  const renditions: Rendition[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    if (!uri) return;
    const average = attribute(line, 'AVERAGE-BANDWIDTH');
    const peak = attribute(line, 'BANDWIDTH');
    renditions.push({ name: uri.split('/')[0] ?? uri, playlist: uri, bitsPerSecond: Number(average ?? peak ?? 0) });
  });
  return renditions;
}

/** A rendition's playlist: its files relative to it (the init file first) and its length in seconds. */
export interface MediaPlaylist {
  files: string[];
  seconds: number;
}

export function mediaPlaylistOf(playlist: string): MediaPlaylist {
  const files: string[] = [];
  let seconds = 0;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) files.push(uri);
    } else if (line.startsWith('#EXTINF:')) {
      seconds += Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    } else if (line !== '' && !line.startsWith('#')) {
      files.push(line);
    }
  }
  return { files, seconds };
}

/** What a rendition of this length weighs, from its bit rate: shown before the download starts. */
export function estimatedBytes(rendition: Rendition, seconds: number): number {
  return Math.ceil((rendition.bitsPerSecond * seconds) / 8);
}

function attribute(line: string, name: string): string | undefined {
  return new RegExp(`[:,]${name}=([^,]+)`).exec(line)?.[1];
}
