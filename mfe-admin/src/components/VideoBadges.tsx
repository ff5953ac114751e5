// A bundle's videos as badges, each name cut to 13 characters (spec section 9). Badges whose cut names
// read the same carry what tells them apart: a plan video's week and day ('1/3'), or the end of its id.
// The whole name, with the day, the video's kind and length, shows on hover, on keyboard focus and on
// a tap; screen readers hear the whole name (not the cut one) and the day.
import { Badge, truncate, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import { useVideoFacts } from '../video-facts';
import { namesakeTags, type NamedVideo } from '../video-names';
import { usePublishedVideos, type Video, type VideoKind } from '../videos';
import { usePlanDay } from './PlanDay';

export const badgeNameLength = 13;

export function VideoBadges({ kind, videos }: { kind: VideoKind; videos: readonly NamedVideo[] }) {
  const { t } = useTranslation('admin');
  const planDay = usePlanDay();
  // The form above loads them anyway (the same query): their kind and length.
  const published = usePublishedVideos(kind);
  const { factsOf } = useVideoFacts();
  if (videos.length === 0) return <span className="admin-muted">{t('table.noVideos')}</span>;
  const known = new Map<string, Video>((published.data ?? []).map((video) => [video._id, video]));
  const tags = namesakeTags(videos, (name) => truncate(name, badgeNameLength));
  return (
    <ul className="admin-badges">
      {videos.map((video) => {
        const media = known.get(video._id);
        // Only the kind and length: the upload date would make a long tip.
        const facts = media ? factsOf({ ...media, createdAt: undefined }, kind) : [t(`videos.kind.${kind}`)];
        const day = typeof video.week === 'number' && typeof video.dayOfWeek === 'number' ? planDay(video.week, video.dayOfWeek) : null;
        const tag = tags.get(video._id);
        const shownTag = tag && (tag.kind === 'day' ? t('planDayShort', { week: tag.week, day: tag.dayOfWeek }) : tag.text);
        const spokenTag = tag && (tag.kind === 'day' ? day : tag.text);
        return (
          <VideoBadge
            key={video._id}
            name={video.name}
            tag={shownTag}
            spokenName={[video.name, spokenTag].filter(Boolean).join(', ')}
            details={[video.name, day, ...facts].filter(Boolean).join(' · ')}
          />
        );
      })}
    </ul>
  );
}

function VideoBadge({ name, tag, spokenName, details }: { name: string; tag: string | undefined; spokenName: string; details: string }) {
  const tipId = useId();
  const [isOpen, setOpen] = useState(false);
  return (
    <li className="admin-badge" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      {/* Named by its content, not aria-label: the cut name a speech user reads must be part of the name. */}
      <button
        type="button"
        className="admin-badge__button"
        aria-describedby={tipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <Badge tone="info">
          <span aria-hidden="true">
            {truncate(name, badgeNameLength)}
            {tag && <span className="admin-badge__tag"> · {tag}</span>}
          </span>
          <span className="lp-visually-hidden">{spokenName}</span>
        </Badge>
      </button>
      <span id={tipId} role="tooltip" className="admin-badge__tip" hidden={!isOpen}>
        {details}
      </span>
    </li>
  );
}
