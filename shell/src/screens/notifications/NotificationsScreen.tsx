// /notifications: the learner's notifications, newest first, ten a page — each its message,
// how long ago, a link to what it is about, and marking it read (also by following the link); all read
// at once; the unread ones say so in words, not colour alone.
import type { auth } from '@learning/contracts';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  formatDate,
  Link,
  Loader,
  LoadError,
  PageTitle,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useTranslation,
} from '@learning/platform';
import { useEffect, useRef, useState } from 'react';
import { relativeTime } from './relative-time';
import '../strings';

const perPage = 10;

export default function NotificationsScreen() {
  const { t } = useTranslation('shell');
  const [page, setPage] = useState(1);
  const notifications = useNotifications(page, perPage);
  const unread = notifications.data?.unread ?? 0;
  return (
    <>
      <PageTitle subtitle={unread > 0 ? t('notifications.unreadCount', { count: unread }) : undefined}>{t('notifications.title')}</PageTitle>
      {notifications.isPending ? (
        <Loader />
      ) : notifications.isError ? (
        <LoadError title={t('notifications.loadError')} onRetry={() => void notifications.refetch()} />
      ) : notifications.data.total === 0 ? (
        <EmptyState>{t('notifications.empty')}</EmptyState>
      ) : (
        // How long ago is counted from when the list came, so a render shows the same each time.
        <NotificationList notifications={notifications.data} asOf={notifications.dataUpdatedAt} page={page} onPageChange={setPage} />
      )}
    </>
  );
}

interface ListProps {
  notifications: auth.NotificationPage;
  /** When the list was answered (ms). */
  asOf: number;
  page: number;
  onPageChange: (page: number) => void;
}

function NotificationList({ notifications, asOf, page, onPageChange }: ListProps) {
  const { t } = useTranslation('shell');
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const list = useRef<HTMLUListElement>(null);
  const pages = Math.max(1, Math.ceil(notifications.total / perPage));

  // A page past the end (the list got shorter) moves back to the last one.
  useEffect(() => {
    if (page > pages) onPageChange(pages);
  }, [page, pages, onPageChange]);

  // The buttons that were pressed go away: the focus goes to the list.
  const markAllRead = () => markAll.mutate(undefined, { onSuccess: () => list.current?.focus() });
  const turnPage = (next: number) => {
    onPageChange(next);
    list.current?.focus();
  };

  return (
    <>
      {notifications.unread > 0 && (
        <p className="notifications__actions">
          <Button variant="secondary" isLoading={markAll.isPending} onClick={markAllRead}>
            {t('notifications.markAllRead')}
          </Button>
        </p>
      )}
      {(markAll.isError || markOne.isError) && <Alert title={t('notifications.markError')} />}
      <ul className="notifications__list" ref={list} tabIndex={-1} aria-label={t('notifications.title')}>
        {notifications.result.map((notification) => (
          <NotificationEntry key={notification._id} notification={notification} asOf={asOf} onMarkRead={(options) => markOne.mutate(notification._id, options)} />
        ))}
      </ul>
      <Pager page={Math.min(page, pages)} pages={pages} onChange={turnPage} />
    </>
  );
}

interface EntryProps {
  notification: auth.Notification;
  asOf: number;
  onMarkRead: (options?: { onSuccess?: () => void }) => void;
}

function NotificationEntry({ notification, asOf, onMarkRead }: EntryProps) {
  const { t, i18n } = useTranslation('shell');
  const entry = useRef<HTMLLIElement>(null);
  const { _id, message, link, createdAt, isRead } = notification;
  const messageId = `notification-${_id}`;
  return (
    <li ref={entry} tabIndex={-1} className={`notifications__entry${isRead ? '' : ' notifications__entry--unread'}`}>
      <p className="notifications__head">
        {!isRead && <Badge tone="info">{t('notifications.unread')}</Badge>}
        <time className="notifications__time" dateTime={createdAt} title={formatDate(createdAt, i18n.language, { withTime: true })}>
          {relativeTime(createdAt, asOf, t, i18n.language)}
        </time>
      </p>
      <p className="notifications__message" id={messageId}>
        {message}
      </p>
      {(link || !isRead) && (
        <p className="notifications__entry-actions">
          {link && (
            <Link className="lp-button lp-button--primary" to={link} aria-describedby={messageId} onClick={() => !isRead && onMarkRead()}>
              {t('notifications.open')}
            </Link>
          )}
          {!isRead && (
            // The button goes once read: the focus stays on its notification.
            <Button variant="subtle" aria-describedby={messageId} onClick={() => onMarkRead({ onSuccess: () => entry.current?.focus() })}>
              {t('notifications.markRead')}
            </Button>
          )}
        </p>
      )}
    </li>
  );
}

function Pager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('shell');
  if (pages <= 1) return null;
  return (
    <nav className="notifications__pager" aria-label={t('notifications.pages')}>
      <Button variant="subtle" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('notifications.previous')}
      </Button>
      <span>{t('notifications.page', { page, pages })}</span>
      <Button variant="subtle" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('notifications.next')}
      </Button>
    </nav>
  );
}
