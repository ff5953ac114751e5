// Shared set-up of the remote lesson pages' tests: bundles as the catalog answers them, and the
// remote's routes rendered at an address, beside a stand-in for the shell's sign-in page.
import { catalog } from '@learning/contracts';
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

export function renderLessons(route: string) {
  return renderWithPlatform(
    <Routes>
      <Route path="signin" element={<h1>Нэвтрэх</h1>} />
      <Route path="*" element={<LessonsRoutes />} />
    </Routes>,
    { route },
  );
}

export const address = () => screen.getByTestId('address');

export const signInFrom = (path: string) => `/signin?continue=${encodeURIComponent(`http://localhost${path}`)}`;
