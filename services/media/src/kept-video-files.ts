// A video's file never changes under its id (another upload makes another video), and a player asks
// for it again at every seek: its row is kept in memory (at most `capacity`), so a ranged read costs
// no database round trip. It pays where Node sends the bytes (npm start, docker-compose without nginx);
// behind nginx, which keeps a URL's grant, media sees one call per URL and it shows no gain
// (bench/stream; docs/benchmarks.md). Deleting a video forgets it here; another instance's kept row
// leads to the file that is gone, and so to 404 all the same.
import { keepAtMost } from '@learning/kit/bounded-map';
import type { StoredFile } from './stored-files.js';
import type { MediaDb } from './tables.js';
import { videoFile } from './videos.js';

export interface KeptVideoFiles {
  find(videoId: string): Promise<StoredFile | undefined>;
  forget(videoId: string): void;
}

export function keepVideoFiles(db: MediaDb, capacity = 1000): KeptVideoFiles {
  const kept = new Map<string, StoredFile>();
  return {
    async find(videoId) {
      const known = kept.get(videoId);
      if (known) return known;
      const file = await videoFile(db, videoId, 'video');
      if (file) keepAtMost(kept, capacity, videoId, file);
      return file;
    },
    forget(videoId) {
      kept.delete(videoId);
    },
  };
}
