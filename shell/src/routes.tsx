// The shell's table of contents: the pages it owns (spec section 2) and, for every other path,
// the remote that owns it. Pages other than the layout load on demand.
import { Loader, Navigate, NotFoundRedirect, Outlet, RequireUser, Route, Routes } from '@learning/platform';
import { lazy, Suspense } from 'react';
import { Layout } from './layout/Layout';
import { RemoteRoutes } from './remotes/areas';
import { HelpScreen, NotFoundScreen, UnauthorizedScreen } from './screens/info/InfoScreens';

const SignInScreen = lazy(() => import('./screens/signin/SignInScreen'));
const CreateAccountScreen = lazy(() => import('./screens/create-account/CreateAccountScreen'));
const ForgotPasswordScreen = lazy(() => import('./screens/forgot-password/ForgotPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('./screens/reset-password/ResetPasswordScreen'));
const UnsubscribeScreen = lazy(() => import('./screens/unsubscribe/UnsubscribeScreen'));
const LoginCallbackScreen = lazy(() => import('./screens/callbacks/LoginCallbackScreen'));
const SignoutCallbackScreen = lazy(() => import('./screens/callbacks/SignoutCallbackScreen'));
const GoogleCallbackScreen = lazy(() => import('./screens/callbacks/GoogleCallbackScreen'));
const MyLearningScreen = lazy(() => import('./screens/me/MyLearningScreen'));
const SettingsScreen = lazy(() => import('./screens/me/SettingsScreen'));
const ChangePasswordScreen = lazy(() => import('./screens/me/ChangePasswordScreen'));
const DownloadsScreen = lazy(() => import('./screens/me/DownloadsScreen'));
const NotificationsScreen = lazy(() => import('./screens/notifications/NotificationsScreen'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate replace to="/home" />} />
        <Route element={<LazyPage />}>
          <Route path="signin" element={<SignInScreen />} />
          <Route path="create-account" element={<CreateAccountScreen />} />
          <Route path="forgot-password" element={<ForgotPasswordScreen />} />
          <Route path="reset-password" element={<ResetPasswordScreen />} />
          <Route path="unsubscribe" element={<UnsubscribeScreen />} />
          <Route path="login/callback" element={<LoginCallbackScreen />} />
          <Route path="signout/callback" element={<SignoutCallbackScreen />} />
          <Route path="callback/google" element={<GoogleCallbackScreen />} />
          {/* Opens offline, where no server can confirm the session: the list is this browser's own. */}
          <Route path="me/downloads" element={<DownloadsScreen />} />
          <Route path="me" element={<Restricted />}>
            <Route index element={<MyLearningScreen />} />
            <Route path="settings" element={<SettingsScreen />} />
            <Route path="password" element={<ChangePasswordScreen />} />
            <Route path="*" element={<NotFoundRedirect />} />
          </Route>
          <Route path="notifications" element={<Restricted />}>
            <Route index element={<NotificationsScreen />} />
          </Route>
        </Route>
        <Route path="help" element={<HelpScreen />} />
        <Route path="unauthorized" element={<UnauthorizedScreen />} />
        <Route path="404" element={<NotFoundScreen />} />
        <Route path="*" element={<RemoteRoutes />} />
      </Route>
    </Routes>
  );
}

function LazyPage() {
  return (
    <Suspense fallback={<Loader />}>
      <Outlet />
    </Suspense>
  );
}

function Restricted() {
  return (
    <RequireUser>
      <Outlet />
    </RequireUser>
  );
}
