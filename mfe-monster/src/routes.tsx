// The Monster plan remote's table of contents (spec section 2).
import { NotFoundRedirect, RequireUser, Route, Routes } from '@learning/platform';
import './i18n';
import './monster.css';
import { ExamScreen } from './screens/exam/ExamScreen';
import { PlanDetailScreen } from './screens/plan-detail/PlanDetailScreen';
import { PlanListScreen } from './screens/plan-list/PlanListScreen';

export default function MonsterRoutes() {
  return (
    <Routes>
      <Route path="product-monster-plan">
        <Route index element={<PlanListScreen />} />
        <Route path=":id" element={<PlanDetailScreen />} />
        <Route path=":id/exam" element={<RequireUser><ExamScreen /></RequireUser>} />
      </Route>
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
