// A bundle's videos as badges, each name cut to 13 characters (spec section 9), whole in its title.
import { Badge, truncate, useTranslation } from '@learning/platform';

export const badgeNameLength = 13;

export function VideoBadges({ videos }: { videos: ReadonlyArray<{ _id: string; name: string }> }) {
  const { t } = useTranslation('admin');
  if (videos.length === 0) return <span className="admin-muted">{t('table.noVideos')}</span>;
  return (
    <ul className="admin-badges">
      {videos.map((video) => {
        const shown = truncate(video.name, badgeNameLength);
        return (
          <li key={video._id} title={shown === video.name ? undefined : video.name}>
            <Badge tone="info">{shown}</Badge>
          </li>
        );
      })}
    </ul>
  );
}
