import { useTranslation } from '../../../lib/i18n-react';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useModal } from '../../../lib/ui-store';
import { displayName } from '../../../lib/display-names';
import type { RenderLink } from './site-header';
import './site-footer.css';

/**
 * The footer: newsletter call (opens the newsletter modal), the market's link groups, social links, the
 * market button (current country and language; opens the country selector), legal links and copyright.
 * Without a CMS footer (older page data) it keeps the market button and the copyright line.
 */
export function SiteFooter({
  brandName,
  footer,
  renderLink,
}: {
  brandName: string;
  footer?: Schemas['CmsFooterComponent'];
  renderLink: RenderLink;
}) {
  const { t, i18n } = useTranslation();
  const { t: tc } = useTranslation('content');
  const { country, language, currency } = useMarket();
  const newsletter = useModal('newsletter');
  const countrySelector = useModal('country-selector');
  const countryName = displayName(i18n.language, country, 'region');
  const languageName = displayName(language, language, 'language');
  const languageLabel = languageName.charAt(0).toLocaleUpperCase(language) + languageName.slice(1);

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        {footer?.newsletter.enabled && (
          <section className="site-footer__newsletter" aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className="site-footer__heading">
              {footer.newsletter.title}
            </h2>
            <p>{footer.newsletter.text}</p>
            <button
              type="button"
              className="site-footer__newsletter-button"
              onClick={() => newsletter.open()}
              aria-haspopup="dialog"
            >
              {tc('footer.subscribe')}
            </button>
          </section>
        )}
        {footer && footer.linkGroups.length > 0 && (
          <nav className="site-footer__groups" aria-label={tc('footer.navigation')}>
            {footer.linkGroups.map((g, i) => (
              <section key={`${g.title}-${i}`} className="site-footer__group">
                <h2 className="site-footer__heading">{g.title}</h2>
                <ul role="list">
                  {g.links.map((l, j) => (
                    <li key={`${l.label}-${j}`}>{renderLink(l, { className: 'site-footer__link' })}</li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        )}
        <div className="site-footer__meta">
          <button
            type="button"
            className="site-footer__market"
            onClick={() => countrySelector.open()}
            aria-haspopup="dialog"
            aria-label={tc('footer.changeMarket', { country: countryName, language: languageLabel })}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.1" />
              <path
                d="M3.5 12h17M12 3.5c2.4 2.3 3.6 5.1 3.6 8.5s-1.2 6.2-3.6 8.5c-2.4-2.3-3.6-5.1-3.6-8.5S9.6 5.8 12 3.5z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.1"
              />
            </svg>
            <span>
              {countryName} — {languageLabel}
              {currency ? ` (${currency})` : ''}
            </span>
          </button>
          {footer && footer.socialLinks.length > 0 && (
            <ul className="site-footer__social" role="list" aria-label={tc('footer.social')}>
              {footer.socialLinks.map((l, i) => (
                <li key={`${l.label}-${i}`}>{renderLink(l, { className: 'site-footer__link' })}</li>
              ))}
            </ul>
          )}
        </div>
        <div className="site-footer__legal">
          {footer && footer.legalLinks.length > 0 && (
            <ul role="list" className="site-footer__legal-links">
              {footer.legalLinks.map((l, i) => (
                <li key={`${l.label}-${i}`}>{renderLink(l, { className: 'site-footer__link' })}</li>
              ))}
            </ul>
          )}
          <p>{footer?.copyright ?? `© ${brandName}. ${t('footer.rights')}`}</p>
        </div>
      </div>
    </footer>
  );
}
