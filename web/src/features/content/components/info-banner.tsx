import type { Schemas } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n-react';
import { useUiFlag } from '../../../lib/ui-store';
import { CmsLink } from './cms-link';

/** Closes the banner; focus, which was on its close button, moves to the header's first control. */
function close(setDismissed: (value: boolean) => void) {
  setDismissed(true);
  queueMicrotask(() => document.querySelector<HTMLElement>('.site-header__bar :is(a, button)')?.focus());
}

/**
 * Thin banner above the header (shipping promise, store opening): one line at every width — the text ends with
 * an ellipsis when it does not fit, and on a phone the whole line is the link. Above the header it can be
 * closed (`dismissible`): it stays closed through client navigations, until the page is loaded again. Pages are
 * rendered once for every shopper and cached, so the server cannot know who closed it, and hiding it after the
 * page has loaded would move the page under the shopper's eyes.
 */
export function InfoBanner({
  component,
  dismissible = false,
}: {
  component: Schemas['CmsInfoBannerComponent'];
  dismissible?: boolean;
}) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useUiFlag('infoBannerDismissed');
  if (dismissible && dismissed) return null;
  return (
    <div
      className={`cms-info-banner${component.link ? ' cms-info-banner--linked' : ''}`}
      data-theme={component.theme === 'dark' ? 'dark' : undefined}
    >
      <p>
        <span className="cms-info-banner__text">{component.text}</span>
        {component.link && <CmsLink link={component.link} className="cms-info-banner__link" />}
      </p>
      {dismissible && (
        <button
          type="button"
          className="cms-info-banner__close"
          aria-label={t('close')}
          onClick={() => close(setDismissed)}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.4" fill="none" />
          </svg>
        </button>
      )}
    </div>
  );
}
