// The player of an approved learner: the chosen day's video from its signed address (the play call of
// spec section 7), with its subtitles when it has them, opening where the learner stopped on any device
// and reporting what is heard; under it the day's download for offline listening, its materials and
// the read-aloud upload.
import { Alert, ApiError, Loader, LoadError, startOf, Truncated, usePlay, useRefreshOnReport, useTranslation, VideoPlayer } from '@learning/platform';
import type { catalog, PlanProgress } from '@learning/contracts';
import { dayWordsOf, wordsSoFar } from '../../day-words';
import { DayMaterials } from './DayMaterials';
import { DownloadDay } from './offline/DownloadDay';

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

export interface PlanPlayerProps {
  plan: catalog.Monsterplan;
  chosen: PlanDay | null;
  /** undefined while it loads (the video waits for its position), null when it could not be had. */
  progress: PlanProgress | null | undefined;
}

export function PlanPlayer({ plan, chosen, progress }: PlanPlayerProps) {
  const { t } = useTranslation('monster');
  const play = usePlay(plan._id, chosen?.video._id ?? null);
  const onListeningReported = useRefreshOnReport(progress);
  if (!chosen) return <div className="plan-player__screen plan-player__screen--notice"><p>{t('detail.chooseDay')}</p></div>;

  // The learner's latest dictation of this day's video, kept with their progress.
  const dictation = progress?.videos.find((video) => video.videoId === chosen.video._id)?.dictation;
  const caption = (
    <p className="plan-player__caption">
      <span className="plan-player__now">
        {t('detail.nowPlaying')}: {t('detail.week', { week: chosen.week })}, {t('detail.day', { day: chosen.video.dayOfWeek })}
      </span>{' '}
      <strong>
        <Truncated text={chosen.video.name} />
      </strong>
      {dictation && (
        <span className="plan-player__dictation">
          {' · '}
          {t('detail.dictationScore', { correct: dictation.correctWords, total: dictation.totalWords, lines: dictation.lines })}
        </span>
      )}
    </p>
  );
  let screen;
  if (play.isPending || progress === undefined) {
    screen = (
      <div className="plan-player__screen">
        <Loader />
      </div>
    );
  } else if (play.isError) {
    const refusal = play.error instanceof ApiError && play.error.status === 403 ? play.error.code : null;
    // A day not released yet: the server's message says when it opens.
    screen = refusal === 'day_not_released' ? (
      <div className="plan-player__screen plan-player__screen--notice">
        <p>{play.error.message}</p>
      </div>
    ) : refusal ? (
      <Alert title={t('detail.playForbidden')} />
    ) : (
      <LoadError title={t('detail.playError')} onRetry={() => void play.refetch()} />
    );
  } else {
    screen = (
      <VideoPlayer
        src={play.data.url}
        subtitles={play.data.sub ? { src: play.data.sub, srcLang: 'en', label: t('detail.subtitles') } : null}
        onRetry={() => void play.refetch()}
        resumeKey={`monsterplan:${plan._id}:${chosen.video._id}`}
        startAt={progress ? startOf(progress, chosen.video._id) : null}
        listening={{ videoId: chosen.video._id, monsterplan: plan._id }}
        onListeningReported={onListeningReported}
        label={chosen.video.name}
        words={dayWordsOf(chosen.video.monsterWords).map((word) => word.term)}
      />
    );
  }
  // The materials keep their place while the video loads or fails, so an upload under way goes on.
  return (
    <>
      {screen}
      {caption}
      {play.isSuccess && <DownloadDay plan={plan} day={chosen} play={play.data} />}
      <DayMaterials monsterplanId={plan._id} day={chosen} flashcards={{ deck: plan.name, days: wordsSoFar(plan, progress) }} />
    </>
  );
}
