// A plan's page without a connection: the days of it this learner downloaded, each playing in the
// same player with every listening tool (sentence list, replay, loop, auto-pause, dictation) from
// the copy the service worker keeps. What is heard and scored waits offline and is sent once the
// connection returns. The learner is the one the stored token names: offline no server can say.
import {
  EmptyState,
  Link,
  Loader,
  Navigate,
  PageTitle,
  Truncated,
  useDownloadedDays,
  useSearchParams,
  useTranslation,
  tokenSubject,
  VideoPlayer,
  type DownloadedDay,
} from '@learning/platform';
import { dayWordsOf } from '../../../day-words';
import { planNotOpened } from '../../../monsterplans';
import { DayMaterials } from '../DayMaterials';

/** `couldNotLoad`: the plan's call failed (rather than waiting for the connection): without downloads, back to the list. */
export function OfflinePlan({ monsterplanId, couldNotLoad }: { monsterplanId: string; couldNotLoad: boolean }) {
  const { t } = useTranslation('monster');
  const downloads = useDownloadedDays(tokenSubject());
  const [searchParams, setSearchParams] = useSearchParams();
  if (downloads.isPending) return <Loader />;
  const days = (downloads.data?.days ?? []).filter((day) => day.monsterplanId === monsterplanId).sort((one, other) => one.week - other.week || one.video.dayOfWeek - other.video.dayOfWeek);
  if (days.length === 0) {
    if (couldNotLoad) return <Navigate replace to="/product-monster-plan" state={{ notice: planNotOpened }} />;
    return (
      <>
        <PageTitle>{t('offline.offlineTitle')}</PageTitle>
        <EmptyState>{t('offline.offlineNone')}</EmptyState>
        <p>
          <Link to="/me/downloads">{t('offline.list')}</Link>
        </p>
      </>
    );
  }
  const chosen = days.find((day) => day.video._id === searchParams.get('video')) ?? days[0]!;
  return (
    <>
      <PageTitle maxLength={40}>{chosen.planName}</PageTitle>
      <p className="plan-detail__offline" role="status">
        {t('offline.offlineLead')}
      </p>
      <div className="plan-detail plan-detail--day-open">
        <section className="plan-detail__player" aria-label={t('detail.player')}>
          <OfflineDay day={chosen} />
        </section>
        <section className="plan-detail__side" aria-labelledby="offline-days">
          <h2 id="offline-days" className="monster-section-title">
            {t('offline.offlineDays')}
          </h2>
          <ul className="plan-days">
            {days.map((day) => (
              <li key={day.key}>
                <button
                  type="button"
                  className="plan-day plan-day--playable"
                  aria-current={day === chosen ? 'true' : undefined}
                  onClick={() => setSearchParams({ video: day.video._id })}
                >
                  {t('detail.week', { week: day.week })}, {t('detail.day', { day: day.video.dayOfWeek })}: <Truncated text={day.video.name} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

function OfflineDay({ day }: { day: DownloadedDay }) {
  const { t } = useTranslation('monster');
  const { video, monsterplanId } = day;
  return (
    <>
      <VideoPlayer
        key={video._id}
        src={day.playlist}
        subtitles={day.subtitles ? { src: day.subtitles, srcLang: 'en', label: t('detail.subtitles') } : null}
        onRetry={() => window.location.reload()}
        resumeKey={`monsterplan:${monsterplanId}:${video._id}`}
        startAt={null}
        listening={{ videoId: video._id, monsterplan: monsterplanId }}
        label={video.name}
        words={dayWordsOf(video.monsterWords).map((word) => word.term)}
      />
      <p className="plan-player__caption">
        <span className="plan-player__now">
          {t('detail.nowPlaying')}: {t('detail.week', { week: day.week })}, {t('detail.day', { day: video.dayOfWeek })}
        </span>{' '}
        <strong>
          <Truncated text={video.name} />
        </strong>
      </p>
      <DayMaterials monsterplanId={monsterplanId} day={{ week: day.week, video }} offline={{ aloudPdf: day.aloudPdf }} />
    </>
  );
}
