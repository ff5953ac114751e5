// The administrator remote's table of contents (spec section 2). The shell lets only
// administrators in; the services enforce the same on every call.
import { Navigate, NotFoundRedirect, Route, Routes } from '@learning/platform';
import './i18n';
import { AdminPanel } from './screens/panel/AdminPanel';
import { Placeholder } from './screens/panel/Placeholder';

export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="administrator" element={<AdminPanel />}>
        <Route index element={<Navigate replace to="lessons" />} />
        <Route path="lessons" element={<Placeholder section="lessons" />} />
        <Route path="lessons/requests" element={<Placeholder section="lessonRequests" />} />
        <Route path="monsterplans" element={<Placeholder section="monsterplans" />} />
        <Route path="monsterplans/requests" element={<Placeholder section="monsterplanRequests" />} />
        <Route path="users" element={<Placeholder section="users" />} />
        <Route path="videos" element={<Placeholder section="videos" />} />
      </Route>
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
