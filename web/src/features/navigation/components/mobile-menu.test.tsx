// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router';
import { I18nextProvider } from '../../../lib/i18n-react';
import { createI18n } from '../../../lib/i18n';
import { MarketProvider } from '../../../lib/market-context';
import type { Schemas } from '../../../lib/api-client';
import enCommon from '../../../locales/en/common.json';
import enContent from '../../../locales/en/content.json';
import frCommon from '../../../locales/fr/common.json';
import frContent from '../../../locales/fr/content.json';
import { MobileMenu } from './mobile-menu';

afterEach(cleanup);

const item = (
  id: string,
  name: string,
  level: number,
  parentId: string | null,
  position: number,
): Schemas['CategoryNavItem'] => ({ id, slug: id, parentId, level, name, url: `/ca/${id}`, position });
const navigation = [
  item('men', 'Men', 1, null, 2),
  item('women', 'Women', 1, null, 1),
  item('gifts', 'Gifts', 1, null, 3),
  item('w-bags', 'Handbags', 2, 'women', 1),
  item('w-shoes', 'Shoes', 2, 'women', 2),
  item('w-bags-totes', 'Totes', 3, 'w-bags', 1),
  item('w-bags-clutches', 'Clutches', 3, 'w-bags', 2),
  item('m-rtw', 'Ready-to-wear', 2, 'men', 1),
];

function renderMenu(language: 'en' | 'fr' = 'en', onNavigate = vi.fn()) {
  const i18n = createI18n(language, {
    en: { common: enCommon, content: enContent },
    fr: { common: frCommon, content: frContent },
  });
  const locale = language === 'fr' ? 'fr-fr' : 'en-us';
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <MarketProvider
          value={{
            locale,
            language,
            country: language === 'fr' ? 'FR' : 'US',
            currency: language === 'fr' ? 'EUR' : 'USD',
          }}
        >
          <MobileMenu
            navigation={navigation}
            label="Main navigation"
            onNavigate={onNavigate}
            links={
              <ul className="mobile-menu__links">
                <li>
                  <a href="/x">Boutiques</a>
                </li>
              </ul>
            }
          />
        </MarketProvider>
      </I18nextProvider>
    </MemoryRouter>,
  );
  return { onNavigate, nav: screen.getByRole('navigation', { name: 'Main navigation' }) };
}

const names = (nav: HTMLElement) =>
  within(nav.querySelector('.mobile-menu__list') as HTMLElement)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('MobileMenu (drill-down)', () => {
  it('lists the main categories in their order, as buttons when they have sub-categories and links otherwise, with the CMS links', () => {
    const { nav } = renderMenu();
    expect(names(nav)).toEqual(['Women', 'Men', 'Gifts']);
    expect(within(nav).getByRole('button', { name: 'Women' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Gifts' }).getAttribute('href')).toBe('/ca/gifts');
    expect(within(nav).getByRole('link', { name: 'Boutiques' })).toBeTruthy();
    expect(within(nav).queryByRole('heading')).toBeNull();
  });

  it('opens a level with a back step, its name as heading and "See all", and moves focus to the back step', () => {
    const { nav } = renderMenu();
    fireEvent.click(within(nav).getByRole('button', { name: 'Women' }));
    expect(within(nav).getByRole('heading', { level: 2 }).textContent).toBe('Women');
    expect(within(nav).getByRole('link', { name: 'See all: Women' }).getAttribute('href')).toBe('/ca/women');
    expect(names(nav)).toEqual(['Handbags', 'Shoes']);
    const back = within(nav).getByRole('button', { name: 'Back, Menu' });
    expect(document.activeElement).toBe(back);
    // The CMS links belong to the first level only.
    expect(within(nav).queryByRole('link', { name: 'Boutiques' })).toBeNull();
    expect(nav.getAttribute('data-level')).toBe('2');
  });

  it('goes one level deeper and back step by step, returning focus to the button that opened each level', () => {
    const { nav } = renderMenu();
    fireEvent.click(within(nav).getByRole('button', { name: 'Women' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Handbags' }));
    expect(within(nav).getByRole('heading', { level: 2 }).textContent).toBe('Handbags');
    expect(names(nav)).toEqual(['Totes', 'Clutches']);
    fireEvent.click(within(nav).getByRole('button', { name: 'Back, Women' }));
    expect(names(nav)).toEqual(['Handbags', 'Shoes']);
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Handbags' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Back, Menu' }));
    expect(names(nav)).toEqual(['Women', 'Men', 'Gifts']);
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: 'Women' }));
  });

  it('closes the drawer when a link is followed, and speaks the page language', () => {
    const { nav, onNavigate } = renderMenu('fr');
    fireEvent.click(within(nav).getByRole('button', { name: 'Men' }));
    expect(within(nav).getByRole('button', { name: 'Retour, Menu' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: 'Ready-to-wear' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(within(nav).getByRole('link', { name: /Men/ }).getAttribute('href')).toBe('/fr-fr/ca/men');
  });
});
