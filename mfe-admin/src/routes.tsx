// The administrator remote's table of contents (spec section 2). The shell lets only
// administrators in; the services enforce the same on every call.
import { Navigate, NotFoundRedirect, Route, Routes } from '@learning/platform';
import './i18n';
import { CentreScreen } from './screens/centre/CentreScreen';
import { LearnerScreen } from './screens/learner/LearnerScreen';
import { LessonsScreen } from './screens/lessons/LessonsScreen';
import { MonsterplansScreen } from './screens/monsterplans/MonsterplansScreen';
import { AdminPanel } from './screens/panel/AdminPanel';
import { PayableRefundsScreen } from './screens/payable/PayableRefundsScreen';
import { PaymentsScreen } from './screens/payments/PaymentsScreen';
import { RefundReportScreen } from './screens/refunds/RefundReportScreen';
import { RequestsScreen } from './screens/requests/RequestsScreen';
import { UsersScreen } from './screens/users/UsersScreen';
import { VideosScreen } from './screens/videos/VideosScreen';

export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="administrator" element={<AdminPanel />}>
        <Route index element={<Navigate replace to="lessons" />} />
        <Route path="lessons" element={<LessonsScreen />} />
        <Route path="lessons/requests" element={<RequestsScreen kind="lesson" />} />
        <Route path="monsterplans" element={<MonsterplansScreen />} />
        <Route path="monsterplans/requests" element={<RequestsScreen kind="monsterplan" />} />
        <Route path="monsterplans/:id/refunds" element={<RefundReportScreen />} />
        <Route path="refunds" element={<PayableRefundsScreen />} />
        <Route path="payments" element={<PaymentsScreen />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="users/:id" element={<LearnerScreen />} />
        <Route path="videos" element={<VideosScreen />} />
        <Route path="centre" element={<CentreScreen />} />
      </Route>
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
