// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router';
import { I18nextProvider } from '../../../lib/i18n-react';
import { createI18n } from '../../../lib/i18n';
import { MarketProvider } from '../../../lib/market-context';
import enCatalog from '../../../locales/en/catalog.json';
import enCommon from '../../../locales/en/common.json';
import enContent from '../../../locales/en/content.json';
import { SiteHeader } from './site-header';
import { WORDMARK_BOXES } from './wordmark-boxes.generated';
import { WORDMARK_PATHS } from './wordmark-paths.generated';

afterEach(cleanup);

function renderHeader(props: { house?: string; brandName?: string; logo?: boolean }) {
  const i18n = createI18n('en', { en: { common: enCommon, content: enContent, catalog: enCatalog } });
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <MarketProvider value={{ locale: 'en-us', language: 'en', country: 'US', currency: 'USD' }}>
          <SiteHeader
            brandName={props.brandName ?? 'Saint Laurent'}
            house={props.house}
            navigation={[]}
            header={
              props.logo ? ({ logo: { src: '/media/content/logo.svg', width: 160, height: 24 } } as never) : undefined
            }
            renderLink={() => null}
            bagCount={0}
            onOpenBag={() => {}}
          />
        </MarketProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('the header’s wordmark', () => {
  it.each([
    ['ysl', 'Saint Laurent'],
    ['amq', 'Alexander McQueen'],
    ['bv', 'Bottega Veneta'],
    ['bal', 'Balenciaga'],
  ])('draws the %s wordmark in its proportions, named by the home link', (house, name) => {
    renderHeader({ house, brandName: name, logo: true });
    const home = screen.getByRole('link', { name: `${name} — Home` });
    const svg = home.querySelector('svg.site-header__wordmark-svg');
    expect(svg).not.toBeNull();
    expect(svg!.getAttribute('data-house')).toBe(house);
    expect(svg!.getAttribute('viewBox')).toBe(WORDMARK_BOXES[house]!.viewBox);
    expect(svg!.getAttribute('aria-hidden')).toBe('true');
    // It draws the page's symbol (the outlines the server writes once), not an image file.
    expect(svg!.querySelector('use')?.getAttribute('href')).toBe('#house-wordmark');
    expect(home.querySelector('img')).toBeNull();
  });

  it('has one drawing per house, each spelling the house’s name', () => {
    expect(Object.keys(WORDMARK_BOXES).sort()).toEqual(['amq', 'bal', 'bv', 'ysl']);
    expect(Object.keys(WORDMARK_PATHS).sort()).toEqual(['amq', 'bal', 'bv', 'ysl']);
    expect(WORDMARK_BOXES.ysl!.text).toBe('SAINT LAURENT');
    for (const d of Object.values(WORDMARK_PATHS)) expect(d).toMatch(/^M[\d.]+ [\d.]+[LQCZ]/);
  });

  it('keeps the CMS logo, then the name, for a house without a drawing', () => {
    renderHeader({ house: 'xyz', logo: true });
    expect(screen.getByRole('link', { name: 'Saint Laurent — Home' }).querySelector('img')).not.toBeNull();
    cleanup();
    renderHeader({});
    const home = screen.getByRole('link', { name: 'Saint Laurent — Home' });
    expect(home.querySelector('svg.site-header__wordmark-svg')).toBeNull();
    expect(home.textContent).toBe('Saint Laurent');
  });
});
