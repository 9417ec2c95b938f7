// @vitest-environment happy-dom
// The storefront's React binding of its translation runtime: texts by namespace, a re-render when the language changes or a
// namespace arrives, a missing namespace asked for once (English meanwhile), and `Trans` placing elements.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, type Backend, type ResourceBundle } from './i18n';
import { I18nextProvider, Trans, placeElements, useTranslation } from './i18n-react';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const resources = {
  fr: { common: { close: 'Fermer' } },
  en: {
    common: { close: 'Close' },
    product: { size: 'Size' },
    checkout: { terms: 'I accept the <0>terms</0> and the <1>privacy policy</1>.' },
  },
};

function Texts() {
  const { t } = useTranslation('common');
  const product = useTranslation('product');
  return (
    <p data-testid="texts">
      {t('close')} / {product.t('size')}
    </p>
  );
}

/** A backend whose answers the test releases by hand. */
function heldBackend() {
  const pending: { language: string; ns: string; answer: (strings: ResourceBundle) => void }[] = [];
  const backend: Backend = (language, ns) =>
    new Promise((resolve) => pending.push({ language, ns, answer: (strings) => resolve({ strings }) }));
  return { backend, pending };
}

describe('useTranslation', () => {
  it('reads the namespace asked for, in the instance’s language', () => {
    const i18n = createI18n('fr', { ...resources, fr: { ...resources.fr, product: { size: 'Taille' } } });
    render(
      <I18nextProvider i18n={i18n}>
        <Texts />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('texts').textContent).toBe('Fermer / Taille');
  });

  it('re-renders when the language changes', async () => {
    const i18n = createI18n('fr', { ...resources, fr: { ...resources.fr, product: { size: 'Taille' } } });
    render(
      <I18nextProvider i18n={i18n}>
        <Texts />
      </I18nextProvider>,
    );
    await act(async () => void (await i18n.changeLanguage('en')));
    expect(screen.getByTestId('texts').textContent).toBe('Close / Size');
  });

  it('asks once for a namespace that is not loaded, shows English meanwhile, and re-renders when it arrives', async () => {
    const { backend, pending } = heldBackend();
    const i18n = createI18n('fr', structuredClone(resources), { backend });
    render(
      <I18nextProvider i18n={i18n}>
        <Texts />
        <Texts />
      </I18nextProvider>,
    );
    expect(screen.getAllByTestId('texts')[0]!.textContent).toBe('Fermer / Size');
    await act(async () => {});
    const product = pending.filter((p) => p.ns === 'product');
    expect(product.map((p) => p.language)).toEqual(['fr']);
    await act(async () => product[0]!.answer({ size: 'Taille' }));
    expect(screen.getAllByTestId('texts').map((p) => p.textContent)).toEqual(['Fermer / Taille', 'Fermer / Taille']);
  });

  it('once started, asks for a namespace a component needs and the page did not inline (English meanwhile)', async () => {
    const { backend, pending } = heldBackend();
    const i18n = createI18n('fr', structuredClone(resources), { backend, namespaces: ['common'] });
    expect(i18n.isInitialized).toBe(true);
    render(
      <I18nextProvider i18n={i18n}>
        <Texts />
        <Texts />
      </I18nextProvider>,
    );
    expect(screen.getAllByTestId('texts')[0]!.textContent).toBe('Fermer / Size');
    await act(async () => {});
    expect(pending.map((p) => `${p.language}/${p.ns}`)).toEqual(['fr/product']);
    await act(async () => pending[0]!.answer({ size: 'Taille' }));
    expect(screen.getAllByTestId('texts').map((p) => p.textContent)).toEqual(['Fermer / Taille', 'Fermer / Taille']);
  });

  it('uses the last instance created outside a provider (stories, unit tests)', () => {
    createI18n('en', resources);
    render(<Texts />);
    expect(screen.getByTestId('texts').textContent).toBe('Close / Size');
  });
});

describe('Trans', () => {
  it('places the elements by index around their text, which is never parsed as HTML', () => {
    const i18n = createI18n('en', resources);
    function Terms() {
      const { t } = useTranslation('checkout');
      return <Trans t={t} i18nKey="terms" components={[<a key="t" href="/terms" />, <a key="p" href="/privacy" />]} />;
    }
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <Terms />
      </I18nextProvider>,
    );
    expect(container.innerHTML).toBe(
      'I accept the <a href="/terms">terms</a> and the <a href="/privacy">privacy policy</a>.',
    );
  });

  it('keeps the text of a tag without an element, of an unclosed tag, and escapes markup', () => {
    const html = (text: string) => {
      const { container } = render(<>{placeElements(text, [<b key="b" />])}</>);
      const out = container.innerHTML;
      cleanup();
      return out;
    };
    expect(html('a <0>b <1>c</1></0> d')).toBe('a <b>b c</b> d');
    expect(html('a <0>b')).toBe('a b');
    expect(html('<img src=x onerror=alert(1)> <0>ok</0>')).toBe('&lt;img src=x onerror=alert(1)&gt; <b>ok</b>');
  });
});
