// What a list of cards shows while it loads: empty cards about the size of real ones (a poster and a
// few lines), so the list does not jump from a spinner's height to the cards' when they arrive, and
// what follows it stays put.
import { useTranslation } from '../i18n/useTranslation';

const placeholderCount = 2;

/** `listClassName` is the real list's, so the placeholders take its grid. */
export function LoadingCards({ listClassName }: { listClassName: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite">
      <span className="lp-visually-hidden">{t('loading')}</span>
      <ul className={listClassName} aria-hidden="true">
        {Array.from({ length: placeholderCount }, (_, index) => (
          <li key={index} className="lp-loading-card">
            <div className="lp-card">
              <span className="lp-poster" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
