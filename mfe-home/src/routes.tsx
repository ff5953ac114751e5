// The home remote's table of contents: /home and the workshop, /boosterz (spec section 2).
import { Loader, NotFoundRedirect, Route, Routes } from '@learning/platform';
import { lazy, Suspense } from 'react';
import './home.css';
import './i18n';
import { HomeScreen } from './screens/home/HomeScreen';

// The workshop (and pdf.js behind it) is loaded when it is opened: /home's first visit has a weight budget.
const WorkshopScreen = lazy(() => import('./screens/workshop/WorkshopScreen').then((module) => ({ default: module.WorkshopScreen })));

export default function HomeRoutes() {
  return (
    <Routes>
      <Route path="home" element={<HomeScreen />} />
      <Route
        path="boosterz"
        element={
          <Suspense fallback={<Loader />}>
            <WorkshopScreen />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
