// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router';
import { I18nextProvider } from '../../../lib/i18n-react';
import { createI18n } from '../../../lib/i18n';
import { MarketProvider } from '../../../lib/market-context';
import { getUiFlag, setUiFlag } from '../../../lib/ui-store';
import type { Schemas } from '../../../lib/api-client';
import enCommon from '../../../locales/en/common.json';
import enContent from '../../../locales/en/content.json';
import { InfoBanner } from './info-banner';

afterEach(() => {
  cleanup();
  setUiFlag('infoBannerDismissed', false);
});

const banner = {
  type: 'info-banner',
  id: 'b1',
  position: 0,
  text: 'Complimentary delivery and returns on every order',
  link: { kind: 'internal', label: 'Learn more', href: '/delivery' },
} as unknown as Schemas['CmsInfoBannerComponent'];

function renderBanner(dismissible: boolean) {
  const i18n = createI18n('en', { en: { common: enCommon, content: enContent } });
  return render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <MarketProvider value={{ locale: 'en-us', language: 'en', country: 'US', currency: 'USD' }}>
          <header className="site-header">
            <InfoBanner component={banner} dismissible={dismissible} />
            <div className="site-header__bar">
              <button type="button">Menu</button>
            </div>
          </header>
        </MarketProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('InfoBanner', () => {
  it('says its message with its link on one line', () => {
    renderBanner(false);
    expect(screen.getByText('Complimentary delivery and returns on every order').className).toBe(
      'cms-info-banner__text',
    );
    expect(screen.getByRole('link', { name: 'Learn more' })).toBeTruthy();
    expect(document.querySelector('.cms-info-banner--linked')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('above the header, closes on demand, stays closed while the page lives, and hands focus to the header', async () => {
    renderBanner(true);
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    await act(async () => {
      fireEvent.click(close);
      await Promise.resolve();
    });
    expect(screen.queryByText(/Complimentary delivery/)).toBeNull();
    expect(getUiFlag('infoBannerDismissed')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
    // Rendered again (another page of the same visit): still closed.
    cleanup();
    renderBanner(true);
    expect(screen.queryByText(/Complimentary delivery/)).toBeNull();
  });
});
