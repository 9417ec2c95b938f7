import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import type { Schemas } from '../../../lib/api-client';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { ProductPicture } from '../../../components/product-picture';
import './product-gallery.css';

// The zoom is a React Aria modal dialog: its code loads when the shopper first opens it.
const Dialog = lazy(() => import('../../../components/ui/dialog').then((m) => ({ default: m.Dialog })));

/** How wide the stage is shown: beside the details on desktops, the whole width on phones. */
export const STAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';

/**
 * Every view of the product: one large image, thumbnails to pick a view, previous and next. The stage
 * takes the arrow keys (and Home, End) when focused; pressing it opens the view full screen.
 */
export function ProductGallery({ images, name }: { images: Schemas['Image'][]; name: string }) {
  const { t } = useTranslation('product');
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(false);
  const zoomOpened = useOpenedOnce(zoom);
  const thumbs = useRef<HTMLDivElement>(null);
  // A horizontal swipe on the stage turns the views on touch screens.
  const touchX = useRef<number | null>(null);
  const count = images.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);

  const onKeyDown = (e: KeyboardEvent) => {
    const next: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
    if (e.key in next) {
      e.preventDefault();
      go(next[e.key]!);
    }
  };
  const current = images[index] ?? images[0]!;

  return (
    <section
      className="product-gallery"
      aria-roledescription={t('gallery.roleDescription')}
      aria-label={t('gallery.label', { name })}
    >
      <div
        className="product-gallery__stage"
        onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < 40) return;
          go(end < start ? index + 1 : index - 1);
        }}
      >
        <button
          type="button"
          className="product-gallery__view"
          onClick={() => setZoom(true)}
          onKeyDown={onKeyDown}
          aria-label={t('gallery.zoom', { index: index + 1, total: count })}
          data-testid="gallery-stage"
        >
          {images.map((img, i) => (
            <ProductPicture
              key={img.src}
              image={img}
              sizes={STAGE_SIZES}
              alt={i === index ? img.alt : ''}
              width={img.width ?? 600}
              height={img.height ?? 750}
              hidden={i !== index}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              // The first view is the page's largest paint: drawn in the frame that shows it (see ProductTile).
              decoding={i === 0 ? undefined : 'async'}
            />
          ))}
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className="product-gallery__arrow product-gallery__arrow--prev"
              onClick={() => go(index - 1)}
              aria-label={t('gallery.previous')}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.25" />
              </svg>
            </button>
            <button
              type="button"
              className="product-gallery__arrow product-gallery__arrow--next"
              onClick={() => go(index + 1)}
              aria-label={t('gallery.next')}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.25" />
              </svg>
            </button>
            <p className="product-gallery__counter" aria-live="polite" data-testid="gallery-counter">
              {t('gallery.counter', { index: index + 1, total: count })}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="product-gallery__thumbs" ref={thumbs} role="group" aria-label={t('gallery.thumbnails')}>
          {images.map((img, i) => (
            <button
              key={img.src}
              type="button"
              className="product-gallery__thumb"
              aria-current={i === index ? 'true' : undefined}
              aria-label={t('gallery.show', { index: i + 1, total: count })}
              onClick={() => go(i)}
            >
              <ProductPicture
                image={img}
                alt=""
                sizes="120px"
                width={120}
                height={150}
                loading="lazy"
                decoding="async"
              />
            </button>
          ))}
        </div>
      )}
      {zoomOpened && (
        <Suspense fallback={null}>
          <Dialog
            isOpen={zoom}
            onOpenChange={setZoom}
            title={name}
            closeLabel={t('close')}
            size="lg"
            className="product-gallery__zoom"
          >
            <div
              className="product-gallery__zoom-stage"
              onKeyDown={onKeyDown}
              tabIndex={0}
              role="group"
              aria-label={t('gallery.counter', { index: index + 1, total: count })}
            >
              <ProductPicture
                image={current}
                sizes="100vw"
                width={current.width ?? 600}
                height={current.height ?? 750}
              />
            </div>
          </Dialog>
        </Suspense>
      )}
    </section>
  );
}
