// A bundle's videos as badges, each name cut to 13 characters (spec section 9). The whole name, with
// the video's kind and length, shows on hover and on keyboard focus (issue 20), and a tap shows it
// on a touch screen; screen readers hear the whole name.
import { Badge, truncate, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import { useVideoFacts } from '../video-facts';
import { usePublishedVideos, type Video, type VideoKind } from '../videos';

export const badgeNameLength = 13;

export function VideoBadges({ kind, videos }: { kind: VideoKind; videos: ReadonlyArray<{ _id: string; name: string }> }) {
  const { t } = useTranslation('admin');
  // The form above loads them anyway (the same query): their kind and length.
  const published = usePublishedVideos(kind);
  const { factsOf } = useVideoFacts();
  if (videos.length === 0) return <span className="admin-muted">{t('table.noVideos')}</span>;
  const known = new Map<string, Video>((published.data ?? []).map((video) => [video._id, video]));
  return (
    <ul className="admin-badges">
      {videos.map((video) => {
        const media = known.get(video._id);
        // Only the kind and length: the upload date would make a long tip.
        const facts = media ? factsOf({ ...media, createdAt: undefined }, kind) : [t(`videos.kind.${kind}`)];
        return <VideoBadge key={video._id} name={video.name} details={[video.name, ...facts].join(' · ')} />;
      })}
    </ul>
  );
}

function VideoBadge({ name, details }: { name: string; details: string }) {
  const tipId = useId();
  const [isOpen, setOpen] = useState(false);
  const shown = truncate(name, badgeNameLength);
  return (
    <li className="admin-badge" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        tabIndex={0}
        className="admin-badge__button"
        aria-label={name}
        aria-describedby={tipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <Badge tone="info">{shown}</Badge>
      </button>
      <span id={tipId} role="tooltip" className="admin-badge__tip" hidden={!isOpen}>
        {details}
      </span>
    </li>
  );
}
