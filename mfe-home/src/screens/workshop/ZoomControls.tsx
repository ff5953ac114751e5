// The brochure's zoom buttons: smaller, the level, larger, and back to the page's width. A page-wide
// brochure on a phone has text about 6 px high; these make it readable with a finger or the keyboard
// (Tab, then Enter or Space), and the browser's own pinch zoom stays as it is.
import { useTranslation } from '@learning/platform';
import type { ReactNode } from 'react';

/** The zoom levels, as a multiple of the page's width (1: the spec's "scaled to page width"). */
export const zoomLevels = [1, 1.5, 2, 3] as const;
export type Zoom = (typeof zoomLevels)[number];

export function ZoomControls({ zoom, onZoom }: { zoom: Zoom; onZoom: (next: Zoom) => void }) {
  const { t } = useTranslation('home');
  const index = zoomLevels.indexOf(zoom);
  const smaller = zoomLevels[index - 1];
  const larger = zoomLevels[index + 1];
  return (
    <div className="brochure__zoom" role="group" aria-label={t('workshop.zoom')}>
      <ZoomButton label={t('workshop.zoomOut')} onPress={smaller === undefined ? undefined : () => onZoom(smaller)}>
        −
      </ZoomButton>
      <span className="brochure__zoom-level" aria-live="polite">
        <span className="lp-visually-hidden">{t('workshop.zoom')}: </span>
        {t('workshop.zoomLevel', { percent: zoom * 100 })}
      </span>
      <ZoomButton label={t('workshop.zoomIn')} onPress={larger === undefined ? undefined : () => onZoom(larger)}>
        +
      </ZoomButton>
      <ZoomButton onPress={zoom === 1 ? undefined : () => onZoom(1)}>{t('workshop.fitWidth')}</ZoomButton>
    </div>
  );
}

/**
 * A button that cannot act says so with aria-disabled rather than disabled: a disabled button loses
 * the keyboard's focus, so the learner who pressed it to the last level would be left nowhere.
 */
function ZoomButton({ label, onPress, children }: { label?: string; onPress: (() => void) | undefined; children: ReactNode }) {
  return (
    <button type="button" className="lp-button lp-button--secondary brochure__zoom-button" aria-label={label} title={label} aria-disabled={!onPress} onClick={onPress}>
      {children}
    </button>
  );
}
