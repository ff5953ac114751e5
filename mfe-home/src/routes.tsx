// The home remote's table of contents: /home and the workshop, /boosterz (spec section 2).
import { NotFoundRedirect, Route, Routes } from '@learning/platform';
import './i18n';
import { HomeScreen } from './screens/home/HomeScreen';
import { WorkshopScreen } from './screens/workshop/WorkshopScreen';

export default function HomeRoutes() {
  return (
    <Routes>
      <Route path="home" element={<HomeScreen />} />
      <Route path="boosterz" element={<WorkshopScreen />} />
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
