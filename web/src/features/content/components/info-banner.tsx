import type { Schemas } from '../../../lib/api-client';
import { CmsLink } from './cms-link';

/** Thin banner above the header (shipping promise, store opening). */
export function InfoBanner({ component }: { component: Schemas['CmsInfoBannerComponent'] }) {
  return (
    <div className="cms-info-banner" data-theme={component.theme === 'dark' ? 'dark' : undefined}>
      <p>
        <span>{component.text}</span>
        {component.link && (
          <>
            {' '}
            <CmsLink link={component.link} className="cms-info-banner__link" />
          </>
        )}
      </p>
    </div>
  );
}
