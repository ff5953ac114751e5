// Inside the lesson dialog: the chosen video and the playlist. A video plays when the server gave it an
// address (the learner is approved); otherwise the player says what access needs. When a video ends
// the next playable one starts, and each resumes where the learner stopped.
import { AccessBadge, formatPrice, Truncated, useCurrentUser, useTranslation, VideoPlayer } from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { useState } from 'react';
import { RegisterButton } from '../../lesson/RegisterButton';
import { lessonAccess } from '../../lessons';

/** `onRetry` asks for the bundle again, with fresh addresses. */
export function LessonPlayer({ lesson, onRetry }: { lesson: catalog.Lesson; onRetry: () => void }) {
  const { t } = useTranslation('lessons');
  const session = useCurrentUser();
  const access = session.status === 'pending' ? null : lessonAccess(lesson, session.user);
  const videos = lesson.populatedVideos;
  // The first playable video, or the first one, until the learner chooses.
  const [chosenId, setChosenId] = useState(() => (videos.find((video) => video.url) ?? videos[0])?._id ?? null);
  // Only a video reached by playing on starts by itself; opening the dialog or choosing one does not.
  const [isPlayingOn, setPlayingOn] = useState(false);
  const chosenIndex = Math.max(0, videos.findIndex((video) => video._id === chosenId));
  const chosen = videos[chosenIndex];
  const next = videos.slice(chosenIndex + 1).find((video) => video.url);
  const choose = (videoId: string) => {
    setPlayingOn(false);
    setChosenId(videoId);
  };
  const playNext = () => {
    if (!next) return;
    setPlayingOn(true);
    setChosenId(next._id);
  };

  return (
    <div className="lesson-detail">
      <div className="lesson-detail__player">
        {!chosen ? (
          <div className="lesson-player__screen">
            <p>{t('detail.noVideos')}</p>
          </div>
        ) : chosen.url ? (
          <VideoPlayer src={chosen.url} onRetry={onRetry} resumeKey={`lesson:${chosen._id}`} label={chosen.name} autoPlay={isPlayingOn} onEnded={playNext} />
        ) : (
          <div className="lesson-player__screen">
            <p>{access === 'pending' ? t('detail.pending') : t('detail.needsAccess')}</p>
            {access === 'not-requested' && <RegisterButton lessonId={lesson._id} name={lesson.name} />}
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
        <p className="lesson-detail__facts">
          {access && <AccessBadge access={access} />}
          <span>{formatPrice(lesson.price)}</span>
        </p>
      </div>
      {videos.length > 0 && (
        <section className="lesson-playlist" aria-labelledby="lesson-playlist">
          <h3 id="lesson-playlist" className="lesson-playlist__title">
            {t('detail.playlist')}
          </h3>
          <ol className="lesson-playlist__list">
            {videos.map((video, index) => (
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
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
