// /me/downloads, "Татаж авсан": the plan days this learner downloaded in this browser, with what each
// holds, its size, until when it is kept (OFFLINE_DAYS) and a way to open or remove it, and what the
// browser keeps in all against its budget. It opens offline too: the learner is the one the stored
// token names, and the list is this browser's own.
import {
  Button,
  EmptyState,
  formatDate,
  formatMegabytes,
  keptUntil,
  Link,
  Loader,
  PageTitle,
  signInPath,
  tokenSubject,
  Truncated,
  useDownloadedDays,
  useOfflineKeeping,
  useRemoveDownload,
  useTranslation,
  type DownloadedDay,
} from '@learning/platform';
import '../strings';

export default function DownloadsScreen() {
  const { t, i18n } = useTranslation('shell');
  const userId = tokenSubject();
  const downloads = useDownloadedDays(userId);
  const keeping = useOfflineKeeping();
  const size = (bytes: number) => formatMegabytes(bytes, i18n.language);
  return (
    <>
      <PageTitle subtitle={t('downloads.lead')}>{t('downloads.title')}</PageTitle>
      {!userId ? (
        <p>
          <Link to={signInPath(`${window.location.origin}/me/downloads`)}>{t('downloads.signIn')}</Link>
        </p>
      ) : downloads.isError ? (
        <EmptyState>{t('downloads.unavailable')}</EmptyState>
      ) : !downloads.data ? (
        <Loader />
      ) : downloads.data.days.length === 0 ? (
        <EmptyState>{t('downloads.empty')}</EmptyState>
      ) : (
        <>
          <p className="downloads__kept">
            {keeping.data
              ? t('downloads.kept', { kept: size(downloads.data.keptBytes), budget: size(keeping.data.budgetBytes) })
              : t('downloads.keptOnly', { kept: size(downloads.data.keptBytes) })}
          </p>
          <ul className="my-learning__list downloads__list">
            {downloads.data.days.map((day) => (
              <DownloadEntry key={day.key} day={day} size={size(day.bytes)} keptUntil={keeping.data ? formatDate(keptUntil(day, keeping.data.days), i18n.language) : null} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function DownloadEntry({ day, size, keptUntil }: { day: DownloadedDay; size: string; keptUntil: string | null }) {
  const { t } = useTranslation('shell');
  const remove = useRemoveDownload();
  const dayName = t('downloads.day', { week: day.week, day: day.video.dayOfWeek });
  return (
    <li className="my-learning__entry downloads__entry">
      <h2 className="downloads__title">
        <Truncated text={day.planName} />: {dayName}
      </h2>
      <p>
        <Truncated text={day.video.name} />
      </p>
      <p className="downloads__facts">
        {t(`downloads.choice.${day.choice}`)} · {size}
        {keptUntil && ` · ${t('downloads.keptUntil', { date: keptUntil })}`}
      </p>
      <p className="downloads__actions">
        <Link className="lp-button lp-button--primary" to={`/product-monster-plan/${encodeURIComponent(day.monsterplanId)}?video=${encodeURIComponent(day.video._id)}`}>
          {t('downloads.open')}
        </Link>
        <Button variant="secondary" isLoading={remove.isPending} onClick={() => remove.mutate(day.key)} aria-label={t('downloads.removeLabel', { name: `${day.planName}: ${dayName}` })}>
          {t('downloads.remove')}
        </Button>
      </p>
    </li>
  );
}
