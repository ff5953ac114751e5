// The brochure shown page by page, each page scaled to the width of the page it sits in (spec
// sections 1 and 9), with a loading indicator until every page is drawn. The learner may zoom in
// (ZoomControls.tsx): the pages are drawn again, sharp, at that multiple of the width, and scroll
// sideways; the point at the centre of the view stays there. When the width changes (a phone
// turned, a window resized) the pages are drawn again at the new width.
import { Loader, LoadError, useTranslation } from '@learning/platform';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { openBrochure, type Brochure, type PageSize } from './brochure-pdf';
import { ZoomControls, type Zoom } from './ZoomControls';

/** What became of one opening of the brochure (its key: the address and the attempt). */
type Opening = { key: string; brochure: Brochure } | { key: string; hasFailed: true };

export function BrochurePages({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('home');
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${url}`;
  const [opening, setOpening] = useState<Opening | null>(null);
  const [drawn, setDrawn] = useState<{ brochure: Brochure; pages: ReadonlySet<number> } | null>(null);
  const pagesElement = useRef<HTMLOListElement>(null);
  const width = useElementWidth(pagesElement);
  const [zoom, setZoom] = useState<Zoom>(1);
  const keepCentre = useCentreAcrossZoom(pagesElement, zoom);
  const changeZoom = (next: Zoom) => {
    keepCentre();
    setZoom(next);
  };

  useEffect(() => {
    const controller = new AbortController();
    let opened: Brochure | null = null;
    openBrochure(url, controller.signal).then(
      (brochure) => {
        opened = brochure;
        if (controller.signal.aborted) brochure.close();
        else setOpening({ key, brochure });
      },
      () => {
        if (!controller.signal.aborted) setOpening({ key, hasFailed: true });
      },
    );
    return () => {
      controller.abort();
      opened?.close();
    };
  }, [url, key]);

  const current = opening?.key === key ? opening : null;
  if (current && 'hasFailed' in current) return <LoadError title={t('workshop.loadError')} onRetry={() => setAttempt((count) => count + 1)} />;
  const brochure = current?.brochure ?? null;
  const drawnCount = drawn && drawn.brochure === brochure ? drawn.pages.size : 0;
  const isDrawing = !brochure || drawnCount < brochure.pageCount;
  const markDrawn = (pageNumber: number) =>
    setDrawn((previous) => {
      const pages = new Set(previous?.brochure === brochure ? previous.pages : []);
      return brochure ? { brochure, pages: pages.add(pageNumber) } : previous;
    });

  return (
    <div className="brochure" aria-busy={isDrawing}>
      <div className="brochure__bar">
        <ZoomControls zoom={zoom} onZoom={changeZoom} />
        {isDrawing && <Loader label={brochure ? t('workshop.drawing', { drawn: drawnCount, total: brochure.pageCount }) : t('workshop.loading')} />}
      </div>
      {/* Zoomed in, the list scrolls sideways: it takes the keyboard's focus so the arrows scroll it. */}
      <ol ref={pagesElement} className="brochure__pages" aria-label={title} tabIndex={zoom > 1 ? 0 : undefined}>
        {brochure?.pageSizes.map((size, index) => (
          <BrochurePage
            key={index}
            brochure={brochure}
            pageNumber={index + 1}
            size={size}
            zoom={zoom}
            width={Math.round(width * zoom)}
            onDrawn={markDrawn}
          />
        ))}
      </ol>
    </div>
  );
}

interface BrochurePageProps {
  brochure: Brochure;
  pageNumber: number;
  size: PageSize;
  /** The page's width as a multiple of the list's. */
  zoom: Zoom;
  /** The CSS width to draw at; 0 until the list has been measured. */
  width: number;
  onDrawn: (pageNumber: number) => void;
}

function BrochurePage({ brochure, pageNumber, size, zoom, width, onDrawn }: BrochurePageProps) {
  const { t } = useTranslation('home');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [isDrawn, setDrawn] = useState(false);
  const latestOnDrawn = useRef(onDrawn);
  useEffect(() => {
    latestOnDrawn.current = onDrawn;
  });

  useEffect(() => {
    if (!canvas.current || width <= 0) return;
    const drawing = brochure.drawPage(pageNumber, canvas.current, width);
    drawing.done.then(
      () => {
        setDrawn(true);
        latestOnDrawn.current(pageNumber);
      },
      () => undefined, // cancelled by a newer width, or the brochure closed
    );
    return () => drawing.cancel();
  }, [brochure, pageNumber, width]);

  return (
    <li className="brochure__page" style={{ width: `${zoom * 100}%`, aspectRatio: `${size.width} / ${size.height}` }}>
      <canvas
        ref={canvas}
        className="brochure__canvas"
        role="img"
        aria-label={t('workshop.page', { page: pageNumber, total: brochure.pageCount })}
        data-drawn={isDrawn || undefined}
      />
    </li>
  );
}

/**
 * Keeps the point of the brochure at the centre of the view there when the zoom changes: called
 * before the change, it notes where that point is in the list (as fractions of its size), and once
 * the list is laid out at the new zoom, scrolls the list sideways and the page up or down to it.
 */
function useCentreAcrossZoom(listRef: RefObject<HTMLElement | null>, zoom: Zoom): () => void {
  const centre = useRef<{ x: number; y: number | null } | null>(null);
  useLayoutEffect(() => {
    const element = listRef.current;
    const noted = centre.current;
    centre.current = null;
    if (!element || !noted) return;
    element.scrollLeft = noted.x * element.scrollWidth - element.clientWidth / 2;
    if (noted.y === null) return;
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.top + noted.y * box.height - window.innerHeight / 2);
  }, [listRef, zoom]);
  return () => {
    const element = listRef.current;
    if (!element || element.scrollWidth === 0) return;
    const box = element.getBoundingClientRect();
    const fromTop = window.innerHeight / 2 - box.top;
    centre.current = {
      x: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth,
      // Only when the centre of the view is on the brochure: above or below it, nothing moves.
      y: fromTop > 0 && fromTop < box.height ? fromTop / box.height : null,
    };
  };
}

/** The element's content width in CSS pixels, kept up to date (settled for 150 ms while it changes). */
function useElementWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => setWidth(Math.round(target.clientWidth));
    const measureSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, 150);
    };
    measure();
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(measureSoon);
      observer.observe(target);
      return () => {
        clearTimeout(timer);
        observer.disconnect();
      };
    }
    window.addEventListener('resize', measureSoon);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', measureSoon);
    };
  }, [element]);
  return width;
}
