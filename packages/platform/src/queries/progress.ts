// The learner's listening progress in the shared query client: a plan's, a bundle's and the
// learner's own list. All under one key, so a report answered refreshes every view of it at once.
import type { LessonProgress, MyLearning, PlanProgress } from '@learning/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { OnListeningReported } from '../listening';

export const progressKey = ['progress'] as const;
export const planProgressKey = (monsterplanId: string) => [...progressKey, 'monsterplans', monsterplanId] as const;
export const lessonProgressKey = (lessonId: string) => [...progressKey, 'lessons', lessonId] as const;
export const myLearningKey = [...progressKey, 'mine'] as const;

export function fetchPlanProgress(monsterplanId: string, signal?: AbortSignal): Promise<PlanProgress> {
  return api.get<PlanProgress>(`/v1/progress/monsterplans/${encodeURIComponent(monsterplanId)}`, undefined, signal);
}

export function fetchLessonProgress(lessonId: string, signal?: AbortSignal): Promise<LessonProgress> {
  return api.get<LessonProgress>(`/v1/progress/lessons/${encodeURIComponent(lessonId)}`, undefined, signal);
}

export function fetchMyLearning(signal?: AbortSignal): Promise<MyLearning> {
  return api.get<MyLearning>('/v1/progress/mine', undefined, signal);
}

/** GET /v1/progress/monsterplans/{id}, for a learner approved for the plan (`isEnabled` false otherwise). */
export function usePlanProgress(monsterplanId: string, isEnabled = true) {
  return useQuery({ queryKey: planProgressKey(monsterplanId), queryFn: ({ signal }) => fetchPlanProgress(monsterplanId, signal), enabled: isEnabled, staleTime: 0 });
}

/** GET /v1/progress/lessons/{id}, for a learner approved for the bundle. */
export function useLessonProgress(lessonId: string, isEnabled = true) {
  return useQuery({ queryKey: lessonProgressKey(lessonId), queryFn: ({ signal }) => fetchLessonProgress(lessonId, signal), enabled: isEnabled, staleTime: 0 });
}

/** GET /v1/progress/mine: the plans and bundles the learner is approved for or asked for. */
export function useMyLearning() {
  return useQuery({ queryKey: myLearningKey, queryFn: ({ signal }) => fetchMyLearning(signal), staleTime: 0 });
}

/**
 * The price the learner's request for a plan or bundle recorded when it was made (GET /v1/progress/mine):
 * what they pay while it waits, what they paid once approved. undefined while it loads (and when not
 * `isEnabled`); null when none is on record or the list could not be had.
 */
export function useRequestPrice(kind: 'monsterplans' | 'lessons', id: string, isEnabled = true): string | null | undefined {
  const price = useQuery({
    queryKey: myLearningKey,
    queryFn: ({ signal }) => fetchMyLearning(signal),
    staleTime: 0,
    enabled: isEnabled,
    select: (learning: MyLearning) => learning[kind].find((entry) => entry._id === id)?.requestPrice ?? null,
  });
  if (!isEnabled) return undefined;
  return price.isError ? null : price.data;
}

/** A plan's or a bundle's progress, as far as opening one of its videos goes. */
type VideosProgress = Pick<PlanProgress | LessonProgress, 'continue' | 'videos'>;

/** Where the server says to open this video: the place to continue, else where it was last heard. */
export function startOf(progress: VideosProgress, videoId: string): number | null {
  if (progress.continue?.videoId === videoId) return progress.continue.position;
  return progress.videos.find((video) => video.videoId === videoId)?.position ?? null;
}

/**
 * What a page does with a listening report answered: every progress shown is asked for again when the
 * video stopped (the minutes moved) or, while it plays, when the video's status changed (the marks).
 */
export function useRefreshOnReport(progress: VideosProgress | null | undefined): OnListeningReported {
  const queryClient = useQueryClient();
  return (heard, moment) => {
    const shown = progress?.videos.find((video) => video.videoId === heard.videoId);
    if (moment !== 'playing' || shown?.status !== heard.status) void queryClient.invalidateQueries({ queryKey: progressKey });
  };
}
