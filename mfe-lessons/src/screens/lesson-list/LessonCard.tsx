// One bundle in the list: name, price (the early one while it lasts), number of lessons, its state and
// the action the state allows; while the request waits, how to pay for it (the price the request recorded).
import { AccessBadge, BundlePrice, Link, PaymentInstructions, Poster, Truncated, useRequestPrice, useTranslation, type AccessState } from '@learning/platform';
import type { catalog } from '@learning/contracts';
import { useState } from 'react';
import { RequestButton } from '../../lesson/RequestButton';

/** `access` is null while the session is checked. */
export function LessonCard({ lesson, access }: { lesson: catalog.Lesson; access: AccessState | null }) {
  const { t } = useTranslation('lessons');
  const [isJustRequested, setJustRequested] = useState(false);
  const requestPrice = useRequestPrice('lessons', lesson._id, access === 'pending' || access === 'approved');
  const titleId = `lesson-${lesson._id}`;
  const lessonPath = `/product-remote-lesson/${encodeURIComponent(lesson._id)}`;
  // Marks the dialog as opened from here, so closing it goes back instead of adding an entry.
  const fromList = { fromList: true };
  return (
    <li className="lesson-card">
      <article className="lp-card" aria-labelledby={titleId}>
        <Poster videoId={lesson.videos[0]} alt={t('list.posterAlt', { name: lesson.name })} className="lesson-card__poster" />
        <h3 id={titleId} className="lesson-card__title">
          <Link to={lessonPath} state={fromList}>
            <Truncated text={lesson.name} />
          </Link>
        </h3>
        {access && access !== 'not-requested' && (
          <div className="lesson-card__badges">
            <AccessBadge access={access} />
          </div>
        )}
        <BundlePrice offer={lesson} access={access} requestPrice={requestPrice} />
        <p className="lesson-card__facts">{t('list.videos', { count: lesson.videos.length })}</p>
        {access === 'pending' && <PaymentInstructions offer={{ ...lesson, requestPrice }} bundle={{ lesson: lesson._id }} isJustRequested={isJustRequested} headingLevel={4} />}
        <div className="lesson-card__actions">
          {access === 'approved' ? (
            <Link className="lp-button lp-button--primary" to={lessonPath} state={fromList} aria-label={t('access.openLabel', { name: lesson.name })}>
              {t('access.open')}
            </Link>
          ) : (
            <Link className="lp-button lp-button--secondary" to={lessonPath} state={fromList} aria-label={t('access.detailsLabel', { name: lesson.name })}>
              {t('access.details')}
            </Link>
          )}
          {access === 'not-requested' && <RequestButton lessonId={lesson._id} name={lesson.name} onRequested={() => setJustRequested(true)} />}
        </div>
      </article>
    </li>
  );
}
