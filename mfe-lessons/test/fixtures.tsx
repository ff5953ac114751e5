// Shared set-up of the remote lesson pages' tests: bundles as the catalog answers them, and the
// remote's routes rendered at an address, beside a stand-in for the shell's sign-in page.
import { catalog, type LessonProgress, type ProgressStatus } from '@learning/contracts';
import { Route, Routes } from '@learning/platform';
import { renderWithPlatform } from '@learning/platform/testing';
import { screen } from '@testing-library/react';
import LessonsRoutes from '../src/routes';

export function aLesson(overrides: Partial<catalog.Lesson> = {}): catalog.Lesson {
  const _id = overrides._id ?? 'l1';
  const videos = [`${_id}-v1`, `${_id}-v2`, `${_id}-v3`];
  return catalog.lesson.parse({
    _id,
    name: 'IELTS сонсгол',
    price: '49000',
    earlyPrice: null,
    earlyPriceUntil: null,
    paymentInstructions: '',
    videos,
    populatedVideos: [
      { _id: videos[0]!, name: 'Лекц 1: Сонсголын даалгаврын төрлүүд', url: null },
      { _id: videos[1]!, name: 'Лекц 2: Тоо, огноо сонсох', url: null },
      { _id: videos[2]!, name: 'Лекц 3: Зураглал ба газрын зураг', url: null },
    ],
    ...overrides,
  });
}

/** The bundle as an approved learner gets it: every video with its signed address. */
export function withAddresses(lesson: catalog.Lesson): catalog.Lesson {
  return catalog.lesson.parse({ ...lesson, populatedVideos: lesson.populatedVideos.map((video) => ({ ...video, url: `/v1/media/video/${video._id}?expires=1&signature=s` })) });
}

/**
 * GET /v1/progress/lessons/{id} for aLesson's three videos (60 s each), with what was heard of each
 * (`heard`: videoId → seconds, position and status) and where to continue.
 */
export function aLessonProgress(
  lessonId = 'l1',
  heard: Record<string, { listenedSeconds: number; position: number; status: ProgressStatus }> = {},
  continueAt: LessonProgress['continue'] = null,
): LessonProgress {
  const videos = [1, 2, 3].map((number) => {
    const videoId = `${lessonId}-v${number}`;
    return { videoId, durationSeconds: 60, ...(heard[videoId] ?? { listenedSeconds: 0, position: 0, status: 'not-started' as const }) };
  });
  return {
    lessonId,
    totalSeconds: videos.reduce((sum, video) => sum + (video.durationSeconds ?? 0), 0),
    listenedSeconds: videos.reduce((sum, video) => sum + video.listenedSeconds, 0),
    videos,
    continue: continueAt,
  };
}

export function renderLessons(route: string, { inBrowser = false }: { inBrowser?: boolean } = {}) {
  return renderWithPlatform(
    <Routes>
      <Route path="signin" element={<h1>Нэвтрэх</h1>} />
      <Route path="*" element={<LessonsRoutes />} />
    </Routes>,
    { route, inBrowser },
  );
}

export const address = () => screen.getByTestId('address');

export const signInFrom = (path: string) => `/signin?continue=${encodeURIComponent(`http://localhost${path}`)}`;
