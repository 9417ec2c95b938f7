import type { Schemas } from '../../../lib/api-client';

interface Props {
  image: Schemas['CmsResponsiveImage'];
  className?: string;
  /** The first screen's image loads eagerly with a high priority; others load lazily. */
  priority?: boolean;
  /** Decorative when the text beside it says everything. */
  decorative?: boolean;
  sizes?: string;
}

/** One image per breakpoint (sm 0, md 768, lg 1024 px); a missing tablet or mobile image falls back to the larger one. */
export function ResponsiveImage({ image, className, priority = false, decorative = false }: Props) {
  const tablet = image.tablet ?? image.desktop;
  const mobile = image.mobile ?? tablet;
  return (
    <picture className={className}>
      <source
        media="(min-width: 1024px)"
        srcSet={image.desktop.src}
        width={image.desktop.width}
        height={image.desktop.height}
      />
      <source media="(min-width: 768px)" srcSet={tablet.src} width={tablet.width} height={tablet.height} />
      <img
        src={mobile.src}
        alt={decorative ? '' : image.desktop.alt}
        width={mobile.width}
        height={mobile.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
      />
    </picture>
  );
}
