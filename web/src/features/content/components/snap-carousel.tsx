import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';

interface Props {
  label: string;
  title?: ReactNode;
  slides: ReactNode[];
  className?: string;
}

/**
 * A row of slides moved only by the shopper: previous / next buttons, swipe or scroll (CSS scroll-snap),
 * and Tab through the slides' links. It never moves by itself. A polite live region says "Slide n of m"
 * after each move.
 */
export function SnapCarousel({ label, title, slides, className }: Props) {
  const { t } = useTranslation('content');
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [announce, setAnnounce] = useState(false);
  const count = slides.length;

  const currentIndex = useCallback(() => {
    const el = track.current;
    if (!el) return 0;
    const children = [...el.children] as HTMLElement[];
    const start = el.scrollLeft;
    let best = 0;
    children.forEach((c, i) => {
      if (Math.abs(c.offsetLeft - el.offsetLeft - start) < Math.abs(children[best]!.offsetLeft - el.offsetLeft - start))
        best = i;
    });
    return best;
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(currentIndex()));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
    };
  }, [currentIndex]);

  const go = (delta: number) => {
    const el = track.current;
    if (!el) return;
    const target = Math.max(0, Math.min(count - 1, currentIndex() + delta));
    const child = el.children[target] as HTMLElement | undefined;
    if (!child) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ left: child.offsetLeft - el.offsetLeft, behavior: reduce ? 'auto' : 'smooth' });
    setIndex(target);
    setAnnounce(true);
  };
  const atEnd = () => {
    const el = track.current;
    return el ? el.scrollLeft + el.clientWidth >= el.scrollWidth - 2 : false;
  };

  return (
    <section
      className={`snap-carousel ${className ?? ''}`}
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={label}
    >
      <div className="snap-carousel__head">
        {title}
        {count > 1 && (
          <div className="snap-carousel__controls">
            <button
              type="button"
              className="snap-carousel__button"
              onClick={() => go(-1)}
              disabled={index === 0}
              aria-label={t('carousel.previous')}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.2" />
              </svg>
            </button>
            <button
              type="button"
              className="snap-carousel__button"
              onClick={() => go(1)}
              disabled={index >= count - 1 || (index > 0 && atEnd())}
              aria-label={t('carousel.next')}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.2" />
              </svg>
            </button>
          </div>
        )}
      </div>
      <div className="snap-carousel__track" ref={track}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className="snap-carousel__slide"
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideOf', { index: i + 1, count })}
          >
            {slide}
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announce ? t('carousel.slideOf', { index: index + 1, count }) : ''}
      </p>
    </section>
  );
}
