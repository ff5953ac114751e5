// @learning/platform: the browser SDK every front-end imports, shared as one Module Federation
// singleton. It is also the facade over react-router and react-query: shell and remotes import
// those only from here (lint enforces it), so each library is bundled once, tree-shaken.
import type { auth } from '@learning/contracts';

export { api, ApiError, readAnswer, request, type Query, type RequestOptions } from './api';
export type { ListeningTarget, OnListeningReported, ReportMoment } from './listening';
export { loadRuntimeConfig, runtimeConfigUrl, setRuntimeConfig, type RuntimeConfig } from './config';
export { hasRequestIntent, requestIntentParam, useAccessRequest, useRequestOnReturn, type AccessRequestFamily, type RequestOnReturn } from './access-request';
export { amountOf, formatDate, formatMegabytes, formatPrice, titleLength, truncate } from './format';
// The centre's clock, one for the server and the pages.
export { centreDayOf, centreMidnightOf, centreTimeZone } from '@learning/contracts';
export { NotFoundRedirect, RequireAdmin, RequireUser } from './guards';
export {
  changeLanguage,
  defaultLanguage,
  i18n,
  languages,
  registerTranslations,
  type Language,
  type Strings,
  type Translate,
  type TranslateOptions,
  type Translations,
} from './i18n';
export { useTranslation } from './i18n/useTranslation';
export { PlatformProvider } from './PlatformProvider';
export * from './queries';
export { createQueryClient, queryClient } from './query';
export * from './router';
export {
  continueTarget,
  currentAddress,
  currentUserKey,
  fetchCurrentUser,
  rememberLogin,
  signInPath,
  useCheckEmail,
  useCurrentUser,
  useRegister,
  useSignIn,
  useSignOut,
  type CurrentUser,
} from './session';
export { tokenStore, tokenSubject } from './token';
export { upload, type UploadOptions } from './upload';
export * from './ui';
export { formatClock } from './ui/video/clock';

export { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
export type User = auth.User;
export * from './offline';
