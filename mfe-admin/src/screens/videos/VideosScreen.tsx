// /administrator/videos: both kinds of video (Monster plan and lesson), chosen in the address
// (?kind=lesson), each with its upload, publish form and list (spec section 2).
import { Link, PageTitle, useSearchParams, useTranslation } from '@learning/platform';
import { isVideoKind, videoKinds } from '../../videos';
import { UploadAndPublish } from './UploadAndPublish';
import { VideoList } from './VideoList';

export function VideosScreen() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const requested = params.get('kind');
  const kind = isVideoKind(requested) ? requested : 'monsterplan';
  return (
    <>
      <PageTitle>{t('videos.title')}</PageTitle>
      <nav aria-label={t('videos.kinds')}>
        <ul className="admin-tabs">
          {videoKinds.map((each) => (
            <li key={each}>
              <Link
                to={`?kind=${each}`}
                aria-current={each === kind ? 'page' : undefined}
                className={`lp-button ${each === kind ? 'lp-button--primary' : 'lp-button--subtle'}`}
              >
                {t(`videos.kind.${each}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by kind: switching kinds starts a fresh upload and form. */}
      <UploadAndPublish key={`upload-${kind}`} kind={kind} />
      <VideoList key={`list-${kind}`} kind={kind} />
    </>
  );
}
