// The remote lessons remote's table of contents (spec section 2).
import { NotFoundRedirect, Route, Routes } from '@learning/platform';
import './i18n';
import { LessonDetailScreen } from './screens/lesson-detail/LessonDetailScreen';
import { LessonListScreen } from './screens/lesson-list/LessonListScreen';

export default function LessonsRoutes() {
  return (
    <Routes>
      <Route path="product-remote-lesson">
        <Route index element={<LessonListScreen />} />
        <Route path=":id" element={<LessonDetailScreen />} />
      </Route>
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
