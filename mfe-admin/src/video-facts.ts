// How the admin screens write what tells a video apart: its kind, length (m:ss), upload
// date, and where it is used ('Monster plan 1 (2-р долоо хоног, 3-р өдөр)').
import { formatClock, formatDate, useTranslation } from '@learning/platform';
import type { VideoUse } from './video-uses';
import type { Video, VideoKind } from './videos';

export function useVideoFacts() {
  const { t, i18n } = useTranslation('admin');
  return {
    /** Kind, duration and upload date, those the media service told. */
    factsOf: (video: Video, kind: VideoKind): string[] =>
      [
        t(`videos.kind.${video.kind ?? kind}`),
        typeof video.duration === 'number' ? formatClock(video.duration) : null,
        video.createdAt ? t('videoFacts.uploaded', { date: formatDate(video.createdAt, i18n.language) }) : null,
      ].filter((fact): fact is string => Boolean(fact)),
    useOf: (use: VideoUse): string => (use.week === null || use.dayOfWeek === null ? use.bundleName : `${use.bundleName} (${t('planDay', { week: use.week, day: use.dayOfWeek })})`),
  };
}
