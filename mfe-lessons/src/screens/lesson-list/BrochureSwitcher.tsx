// The three brochures of the remote lessons (spec section 1): tabs switch the PDF shown in the page,
// with open and download links. Phones, which show no PDF inside a page, get the links only, and do
// not download a PDF they cannot show.
// An <iframe>, not an <object>: the gateway's CSP forbids plugins (object-src 'none').
import { useMediaQuery, useTranslation } from '@learning/platform';
import { useRef, useState, type KeyboardEvent } from 'react';

export const brochures = [1, 2, 3].map((number) => ({ number, url: `/v1/documents/brochure-${number}.pdf` }));

export function BrochureSwitcher() {
  const { t } = useTranslation('lessons');
  const [chosenIndex, setChosenIndex] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const chosen = brochures[chosenIndex] ?? brochures[0]!;
  const tabName = (number: number) => t('brochures.tab', { number });
  const canShowPdf = useMediaQuery('(min-width: 601px)');

  // The tabs pattern of WAI-ARIA: arrows, Home and End move between tabs and choose.
  const moveWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = brochures.length - 1;
    const next = { ArrowRight: chosenIndex === last ? 0 : chosenIndex + 1, ArrowLeft: chosenIndex === 0 ? last : chosenIndex - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setChosenIndex(next);
    tabs.current[next]?.focus();
  };

  return (
    <section className="lessons-section brochures" aria-labelledby="lessons-brochures">
      <h2 id="lessons-brochures" className="lessons-section__title">
        {t('brochures.title')}
      </h2>
      <div className="brochures__tabs" role="tablist" aria-label={t('brochures.tabs')} onKeyDown={moveWithKeys}>
        {brochures.map(({ number }, index) => (
          <button
            key={number}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`brochure-tab-${number}`}
            className="brochures__tab"
            aria-selected={index === chosenIndex}
            aria-controls="brochure-panel"
            tabIndex={index === chosenIndex ? 0 : -1}
            onClick={() => setChosenIndex(index)}
          >
            {tabName(number)}
          </button>
        ))}
      </div>
      <div className="brochures__panel" role="tabpanel" id="brochure-panel" aria-labelledby={`brochure-tab-${chosen.number}`}>
        {/* Keyed: the frame of another brochure starts afresh (no history entries inside it). */}
        {canShowPdf ? (
          <iframe key={chosen.url} className="brochures__view" src={chosen.url} title={tabName(chosen.number)} loading="lazy" />
        ) : (
          <p className="brochures__phone">{t('brochures.phone')}</p>
        )}
        <p className="brochures__actions">
          <a className="lp-button lp-button--primary" href={chosen.url} target="_blank" rel="noopener">
            {t('brochures.open')}
          </a>
          <a className="lp-button lp-button--secondary" href={chosen.url} download>
            {t('brochures.download')}: {tabName(chosen.number)}
          </a>
        </p>
      </div>
    </section>
  );
}
