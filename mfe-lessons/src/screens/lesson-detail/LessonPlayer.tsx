// Inside the lesson dialog: the chosen video and the playlist. The chosen video is in the address
// (?video=), so Back and a shared link open it again. A video plays when the server gave it an address
// (the learner is approved); otherwise the player says what access needs. When a video ends the next
// playable one starts. An approved learner sees what was heard of each lesson, is offered to continue,
// and each video opens where it was last heard on any device; while the request waits, the
// learner sees how to pay, at the price the request recorded. A request begun before signing
// in (?request=<id>) is sent on the way back.
import {
  AccessBadge,
  BundlePrice,
  Button,
  formatClock,
  Loader,
  MinutesListened,
  PaymentInstructions,
  ProgressMark,
  startOf,
  Truncated,
  useCurrentUser,
  useLessonProgress,
  useLocation,
  useRefreshOnReport,
  useRequestLesson,
  useRequestOnReturn,
  useRequestPrice,
  useSearchParams,
  useTranslation,
  VideoPlayer,
} from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { useState } from 'react';
import { RequestButton } from '../../lesson/RequestButton';
import { dialogStateOf, lessonAccess } from '../../lessons';

/** `onRetry` asks for the bundle again, with fresh addresses. */
export function LessonPlayer({ lesson, onRetry }: { lesson: catalog.Lesson; onRetry: () => void }) {
  const { t } = useTranslation('lessons');
  const session = useCurrentUser();
  const access = session.status === 'pending' ? null : lessonAccess(lesson, session.user);
  const progress = useLessonProgress(lesson._id, access === 'approved');
  // undefined while it loads (the video waits for its position), null when it could not be had.
  const shownProgress = access !== 'approved' || progress.isError ? null : progress.data;
  const onListeningReported = useRefreshOnReport(shownProgress);
  const videos = lesson.populatedVideos;
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  // The video in the address, else the one to continue, else the first playable one, else the first.
  const chosen =
    videos.find((video) => video._id === searchParams.get('video')) ??
    videos.find((video) => video._id === shownProgress?.continue?.videoId) ??
    videos.find((video) => video.url) ??
    videos[0];
  // Only a video reached by playing on starts by itself; opening the dialog or choosing one does not.
  const [isPlayingOn, setPlayingOn] = useState(false);
  const [isJustRequested, setJustRequested] = useState(false);
  const requestPrice = useRequestPrice('lessons', lesson._id, access === 'pending' || access === 'approved');
  const requestOnReturn = useRequestLesson();
  useRequestOnReturn({
    bundleId: lesson._id,
    isReady: access !== null,
    canRequest: !!session.user && access === 'not-requested',
    request: () => requestOnReturn.mutate({ lesson: lesson._id }, { onSuccess: () => setJustRequested(true) }),
  });
  const chosenIndex = Math.max(0, videos.findIndex((video) => video._id === chosen?._id));
  const next = videos.slice(chosenIndex + 1).find((video) => video.url);
  const choose = (videoId: string) => {
    setPlayingOn(false);
    if (videoId === chosen?._id) return;
    const state = dialogStateOf(location.state);
    setSearchParams({ video: videoId }, { state: { ...state, chosenSince: (state.chosenSince ?? 0) + 1 } });
  };
  const playNext = () => {
    if (!next) return;
    setPlayingOn(true);
    setSearchParams({ video: next._id }, { replace: true, state: location.state });
  };
  const statusOf = (videoId: string) => shownProgress?.videos.find((video) => video.videoId === videoId)?.status;
  const place = shownProgress?.continue;
  const placeNumber = place ? videos.findIndex((video) => video._id === place.videoId) + 1 : 0;

  return (
    <div className="lesson-detail">
      <div className="lesson-detail__player">
        {!chosen ? (
          <div className="lesson-player__screen">
            <p>{t('detail.noVideos')}</p>
          </div>
        ) : chosen.url && shownProgress === undefined ? (
          <div className="lesson-player__screen">
            <Loader />
          </div>
        ) : chosen.url ? (
          <VideoPlayer
            src={chosen.url}
            onRetry={onRetry}
            resumeKey={`lesson:${chosen._id}`}
            startAt={shownProgress ? startOf(shownProgress, chosen._id) : null}
            listening={{ videoId: chosen._id, lesson: lesson._id }}
            onListeningReported={onListeningReported}
            label={chosen.name}
            autoPlay={isPlayingOn}
            onEnded={playNext}
          />
        ) : (
          <div className="lesson-player__screen">
            <p>{access === 'pending' ? t('detail.pending') : t('detail.needsAccess')}</p>
            {access === 'not-requested' && <RequestButton lessonId={lesson._id} name={lesson.name} onRequested={() => setJustRequested(true)} />}
          </div>
        )}
        {chosen && (
          <p className="lesson-player__caption">
            <span className="lesson-player__now">{chosen.url ? t('detail.nowPlaying') : t('detail.chosen')}</span>
            <strong>
              <Truncated text={chosen.name} />
            </strong>
            {chosen.url && next && (
              <span className="lesson-player__next">
                {t('detail.next')}: <Truncated text={next.name} />
              </span>
            )}
          </p>
        )}
        <div className="lesson-detail__facts">
          {access && <AccessBadge access={access} />}
          <BundlePrice offer={lesson} access={access} requestPrice={requestPrice} />
        </div>
        {access === 'pending' && <PaymentInstructions offer={{ ...lesson, requestPrice }} bundle={{ lesson: lesson._id }} isJustRequested={isJustRequested} headingLevel={3} />}
        {shownProgress && (
          <section className="lesson-listening" aria-label={t('detail.listening')}>
            <MinutesListened listenedSeconds={shownProgress.listenedSeconds} totalSeconds={shownProgress.totalSeconds} />
            {place && placeNumber > 0 && place.videoId !== chosen?._id && (
              <Button variant="secondary" onClick={() => choose(place.videoId)}>
                {t('detail.continue', { number: placeNumber, time: formatClock(place.position) })}
              </Button>
            )}
          </section>
        )}
      </div>
      {videos.length > 0 && (
        <section className="lesson-playlist" aria-labelledby="lesson-playlist">
          <h3 id="lesson-playlist" className="lesson-playlist__title">
            {t('detail.playlist')}
          </h3>
          <ol className="lesson-playlist__list">
            {videos.map((video, index) => {
              const status = statusOf(video._id);
              return (
                <li key={video._id}>
                  <button
                    type="button"
                    className="lesson-playlist__item"
                    aria-current={video._id === chosen?._id ? 'true' : undefined}
                    onClick={() => choose(video._id)}
                  >
                    <span className="lesson-playlist__number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="lesson-playlist__name">
                      <Truncated text={video.name} />
                      {!video.url && <span className="lesson-playlist__locked">{t('detail.locked')}</span>}
                      {status && <ProgressMark status={status} className="lesson-playlist__mark" />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </div>
  );
}
