// The home page's carousel: a new slide every 4000 ms (spec sections 1 and 9). As in the WAI-ARIA
// carousel pattern, it holds still while the pointer or the keyboard focus is on it, has a pause
// button, previous/next and one button per slide, and hidden slides are out of the tab order.
import { Link, useTranslation } from '@learning/platform';
import { useEffect, useRef, useState, type FocusEvent, type TouchEvent } from 'react';

export const carouselIntervalMs = 4000;

export interface Slide {
  id: string;
  title: string;
  body: string;
  to: string;
  action: string;
}

/** How far a finger moves sideways to change the slide (CSS pixels). */
const swipeDistance = 40;

export function Carousel({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation('home');
  const [current, setCurrent] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const touchStart = useRef<number | null>(null);
  const count = slides.length;
  const isRotating = count > 1 && !isPaused && !isHovered && !isFocused;

  useEffect(() => {
    if (!isRotating) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), carouselIntervalMs);
    return () => clearInterval(timer);
  }, [isRotating, count]);

  if (count === 0) return null;
  const show = (index: number) => setCurrent((index + count) % count);
  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const endSwipe = (event: TouchEvent<HTMLElement>) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < swipeDistance) return;
    show(end < start ? current + 1 : current - 1);
  };

  return (
    <section
      className="carousel"
      aria-roledescription={t('carousel.role')}
      aria-label={t('carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaveFocus}
    >
      <div
        className="carousel__viewport"
        aria-live={isRotating ? 'off' : 'polite'}
        onTouchStart={(event) => (touchStart.current = event.touches[0]?.clientX ?? null)}
        onTouchEnd={endSwipe}
      >
        <div className="carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {slides.map((slide, index) => {
            const isCurrent = index === current;
            return (
              <div
                key={slide.id}
                className={`carousel__slide carousel__slide--${slide.id}`}
                role="group"
                aria-roledescription={t('carousel.slide')}
                aria-label={t('carousel.position', { index: index + 1, count })}
                aria-hidden={!isCurrent}
                inert={!isCurrent}
              >
                <h2 className="carousel__title">{slide.title}</h2>
                <p className="carousel__body">{slide.body}</p>
                <Link className="lp-button carousel__action" to={slide.to}>
                  {slide.action}
                </Link>
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__button" onClick={() => setPaused(!isPaused)}>
            <span aria-hidden="true">{isPaused ? '▶' : '❚❚'}</span>
            <span className="lp-visually-hidden">{isPaused ? t('carousel.play') : t('carousel.pause')}</span>
          </button>
          <button type="button" className="carousel__button" onClick={() => show(current - 1)}>
            <span aria-hidden="true">‹</span>
            <span className="lp-visually-hidden">{t('carousel.previous')}</span>
          </button>
          <div className="carousel__dots" role="group" aria-label={t('carousel.choose')}>
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-label={t('carousel.goTo', { index: index + 1, title: slide.title })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => show(index)}
              />
            ))}
          </div>
          <button type="button" className="carousel__button" onClick={() => show(current + 1)}>
            <span aria-hidden="true">›</span>
            <span className="lp-visually-hidden">{t('carousel.next')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
