import type { CSSProperties, ImgHTMLAttributes } from 'react';
import type { Schemas } from '../lib/api-client';
import './product-picture.css';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt'>;

export interface ProductPictureProps extends ImgProps {
  image: Schemas['Image'];
  /** The `alt` to use instead of the image's own (e.g. `''` for a decorative second view). */
  alt?: string;
  /** How wide the picture is shown, for the browser to pick a width from the `srcset`s. */
  sizes: string;
}

/**
 * A product view: its photo as a `<picture>` (AVIF, then WebP, then the JPEG `srcset` of the `<img>`), at the
 * photo's own `width` and `height`, on its blurred placeholder until it has loaded; or, for a view without a
 * photo, the drawing's `<img>` exactly as the caller describes it (decision 0160).
 */
export function ProductPicture({ image, alt, sizes, className, style, width, height, ...img }: ProductPictureProps) {
  const photo = image.photo;
  if (!photo)
    return (
      <img
        className={className}
        src={image.src}
        alt={alt ?? image.alt}
        width={width}
        height={height}
        style={style}
        {...img}
      />
    );
  const jpeg = photo.sources.find((s) => s.type === 'image/jpeg');
  const placeholder: CSSProperties = { backgroundImage: `url("${photo.placeholder}")`, ...style };
  return (
    <picture className="product-picture">
      {photo.sources
        .filter((s) => s !== jpeg)
        .map((s) => (
          <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
        ))}
      <img
        className={className ? `${className} product-picture__img` : 'product-picture__img'}
        src={image.src}
        srcSet={jpeg?.srcset}
        sizes={jpeg ? sizes : undefined}
        alt={alt ?? image.alt}
        width={photo.width}
        height={photo.height}
        style={placeholder}
        {...img}
      />
    </picture>
  );
}
