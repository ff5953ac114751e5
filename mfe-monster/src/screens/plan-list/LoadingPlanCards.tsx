// What the plan list shows while the plans load: empty cards the size of a plan's, so the list
// does not jump from a spinner's height to the cards' when they arrive.
import { useTranslation } from '@learning/platform';

const placeholderCount = 2;

export function LoadingPlanCards() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite">
      <span className="lp-visually-hidden">{t('loading')}</span>
      <ul className="plan-cards" aria-hidden="true">
        {Array.from({ length: placeholderCount }, (_, index) => (
          <li key={index} className="plan-card plan-card--loading">
            <div className="lp-card" />
          </li>
        ))}
      </ul>
    </div>
  );
}
