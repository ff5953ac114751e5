// The player of an approved learner: the chosen day's video from its signed address, with its
// subtitles when it has them. (Speeds, translation and words downloads come with the player issue.)
import { Alert, ApiError, LoadError, Loader, Truncated, useTranslation, VideoPlayer } from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { usePlay } from '../../monsterplans';

export interface PlanDay {
  week: number;
  video: catalog.PlanVideo;
}

/** The day of the plan with this video, or null (none chosen, or not in this plan). */
export function findDay(plan: catalog.Monsterplan, videoId: string | null): PlanDay | null {
  if (!videoId) return null;
  for (const { week, videos } of plan.populatedVideos) {
    const video = videos.find((candidate) => candidate._id === videoId);
    if (video) return { week, video };
  }
  return null;
}

export function PlanPlayer({ plan, chosen }: { plan: catalog.Monsterplan; chosen: PlanDay | null }) {
  const { t } = useTranslation('monster');
  const play = usePlay(plan._id, chosen?.video._id ?? null);
  if (!chosen) return <div className="plan-player__screen plan-player__screen--notice"><p>{t('detail.chooseDay')}</p></div>;

  const caption = (
    <p className="plan-player__caption">
      <span className="plan-player__now">
        {t('detail.nowPlaying')}: {t('detail.week', { week: chosen.week })}, {t('detail.day', { day: chosen.video.dayOfWeek })}
      </span>{' '}
      <strong>
        <Truncated text={chosen.video.name} />
      </strong>
      {chosen.video.translateUrl && (
        <>
          {' · '}
          <a href={chosen.video.translateUrl} target="_blank" rel="noopener noreferrer">
            {t('detail.translation')}
          </a>
        </>
      )}
    </p>
  );

  if (play.isPending) {
    return (
      <>
        <div className="plan-player__screen">
          <Loader />
        </div>
        {caption}
      </>
    );
  }
  if (play.isError) {
    const isForbidden = play.error instanceof ApiError && play.error.status === 403;
    return (
      <>
        {isForbidden ? <Alert title={t('detail.playForbidden')} /> : <LoadError title={t('detail.playError')} onRetry={() => void play.refetch()} />}
        {caption}
      </>
    );
  }
  return (
    <>
      <VideoPlayer
        src={play.data.url}
        subtitles={play.data.sub ? { src: play.data.sub, srcLang: 'en', label: t('detail.subtitles') } : null}
        onRetry={() => void play.refetch()}
      />
      {caption}
    </>
  );
}
