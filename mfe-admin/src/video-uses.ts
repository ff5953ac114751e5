// Which plans (and on which week and day) or bundles use each video, from the plan and bundle lists
// the admin screens load anyway: what tells two videos of the same name apart.
import type { catalog } from '@learning/contracts';
import { fetchLessons, fetchMonsterplans, lessonsKey, monsterplansKey, useQuery } from '@learning/platform';
import type { VideoKind } from './videos';

export interface VideoUse {
  bundleId: string;
  bundleName: string;
  /** The week and day in a plan; null for a lesson bundle. */
  week: number | null;
  dayOfWeek: number | null;
}

export function planVideoUses(plans: readonly catalog.Monsterplan[]): Map<string, VideoUse[]> {
  const uses = new Map<string, VideoUse[]>();
  for (const plan of plans)
    for (const { week, videos } of plan.populatedVideos)
      for (const video of videos) add(uses, video._id, { bundleId: plan._id, bundleName: plan.name, week, dayOfWeek: video.dayOfWeek });
  return uses;
}

export function lessonVideoUses(lessons: readonly catalog.Lesson[]): Map<string, VideoUse[]> {
  const uses = new Map<string, VideoUse[]>();
  for (const lesson of lessons) for (const videoId of lesson.videos) add(uses, videoId, { bundleId: lesson._id, bundleName: lesson.name, week: null, dayOfWeek: null });
  return uses;
}

function add(uses: Map<string, VideoUse[]>, videoId: string, use: VideoUse) {
  uses.set(videoId, [...(uses.get(videoId) ?? []), use]);
}

/** The uses of the videos of a kind: plan videos are used by plans, lesson videos by bundles. */
export function useVideoUses(kind: VideoKind): ReadonlyMap<string, VideoUse[]> {
  // The shared lists' keys: the screen's own list has them loaded already.
  const plans = useQuery({ queryKey: monsterplansKey, queryFn: ({ signal }) => fetchMonsterplans(signal), enabled: kind === 'monsterplan' });
  const lessons = useQuery({ queryKey: lessonsKey, queryFn: ({ signal }) => fetchLessons(signal), enabled: kind === 'lesson' });
  return kind === 'monsterplan' ? planVideoUses(plans.data ?? []) : lessonVideoUses(lessons.data ?? []);
}
