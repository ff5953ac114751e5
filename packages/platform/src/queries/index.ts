// One module per endpoint family: its query keys, fetchers and hooks, shared by every remote.
export { centreKey, fetchCentre, useCentre } from './centre';
export { fetchLesson, fetchLessons, lessonKey, lessonsKey, useLesson, useLessons, useRequestLesson } from './lessons';
export {
  fetchMonsterplan,
  fetchMonsterplans,
  fetchPlay,
  monsterplanKey,
  monsterplansKey,
  playKey,
  useMonsterplan,
  useMonsterplans,
  usePlay,
  useRequestMonsterplan,
} from './monsterplans';
export {
  fetchNotifications,
  fetchUnreadCount,
  notificationPageKey,
  notificationsKey,
  unreadCountKey,
  unreadCountPollMs,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadCount,
} from './notifications';
export { fetchInvoice, fetchQpayOffer, invoiceKey, invoicePollMs, paidInvoicesKey, qpayOfferKey, useInvoice, useOpenInvoice, usePaidInvoices, useQpayOffer } from './qpay';
export {
  fetchLessonProgress,
  fetchMyLearning,
  fetchPlanProgress,
  lessonProgressKey,
  myLearningKey,
  planProgressKey,
  progressKey,
  startOf,
  useLessonProgress,
  useMyLearning,
  usePlanProgress,
  useRefreshOnReport,
  useRequestPrice,
} from './progress';
