import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import type { Schemas } from '../../../lib/api-client';
import { trackVideoPlay } from '../../../lib/analytics';

/**
 * A Brightcove video. The poster comes first (nothing heavy loads until asked, and nothing plays by
 * itself); the play button pushes the analytics "video play" event and asks for the player.
 */
export function Video({ component }: { component: Schemas['CmsVideoComponent'] }) {
  const { t } = useTranslation('content');
  const [requested, setRequested] = useState(false);
  const [w, h] = (component.aspectRatio ?? '16:9').split(':').map(Number);
  return (
    <figure className="cms-video" style={{ aspectRatio: `${w} / ${h}` }}>
      <img
        className="cms-video__poster"
        src={component.poster.src}
        alt={component.poster.alt}
        width={component.poster.width}
        height={component.poster.height}
        loading="lazy"
        decoding="async"
      />
      <button
        type="button"
        className="cms-video__play"
        aria-label={t('video.play', { title: component.title })}
        onClick={() => {
          trackVideoPlay(component.brightcoveId, component.title);
          setRequested(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </button>
      <figcaption className="sr-only">{component.title}</figcaption>
      <p className="cms-video__status" role="status">
        {requested ? t('video.unavailable') : ''}
      </p>
    </figure>
  );
}
