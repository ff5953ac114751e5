// The remote lessons remote's table of contents (spec section 2). A lesson's detail is a dialog over
// the list: its route is a child of the list's, so the list stays rendered beneath it and Back closes it.
import { NotFoundRedirect, Route, Routes } from '@learning/platform';
import './i18n';
import './lessons.css';
import { LessonDetailModal } from './screens/lesson-detail/LessonDetailModal';
import { LessonListScreen } from './screens/lesson-list/LessonListScreen';

export default function LessonsRoutes() {
  return (
    <Routes>
      <Route path="product-remote-lesson" element={<LessonListScreen />}>
        <Route path=":id" element={<LessonDetailModal />} />
      </Route>
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
