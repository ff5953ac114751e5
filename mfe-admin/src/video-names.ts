// What tells apart videos whose names read the same where they are shown (a badge's 13 characters,
// a picker's whole name): a plan video's week and day, or else the end of its id ('#3f9a').

export interface NamedVideo {
  _id: string;
  name: string;
  /** A plan video's place; absent for a lesson video. */
  week?: number | null;
  dayOfWeek?: number | null;
}

export type VideoTag = { kind: 'day'; week: number; dayOfWeek: number } | { kind: 'id'; text: string };

/** The shortest end of `id`, four characters or more, that no other of `ids` ends with, after '#'. */
export function idTag(id: string, ids: readonly string[]): string {
  for (let length = 4; length < id.length; length += 1) {
    const tail = id.slice(-length);
    if (ids.every((other) => other === id || !other.endsWith(tail))) return `#${tail}`;
  }
  return `#${id}`;
}

/**
 * The tag of each video that shares its shown name with another of `videos`, by id: its week and day
 * when those tell it from its namesakes, else its id's end. A video with a name of its own has none.
 */
export function namesakeTags(videos: readonly NamedVideo[], shownName: (name: string) => string = (name) => name): Map<string, VideoTag> {
  const byName = new Map<string, NamedVideo[]>();
  for (const video of videos) {
    const shown = shownName(video.name);
    byName.set(shown, [...(byName.get(shown) ?? []), video]);
  }
  const tags = new Map<string, VideoTag>();
  for (const namesakes of byName.values()) {
    if (namesakes.length < 2) continue;
    const dayOf = (video: NamedVideo) => (typeof video.week === 'number' && typeof video.dayOfWeek === 'number' ? `${video.week}/${video.dayOfWeek}` : null);
    const ids = namesakes.map((video) => video._id);
    for (const video of namesakes) {
      const day = dayOf(video);
      const isDayOwn = day !== null && namesakes.every((other) => other === video || dayOf(other) !== day);
      tags.set(video._id, isDayOwn ? { kind: 'day', week: video.week!, dayOfWeek: video.dayOfWeek! } : { kind: 'id', text: idTag(video._id, ids) });
    }
  }
  return tags;
}
