// Story-only: adds the `catalog` namespace (French and English) to the story shell's i18n instance.
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n-react';
import enCatalog from '../locales/en/catalog.json';
import frCatalog from '../locales/fr/catalog.json';

export function WithCatalogStrings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('fr', 'catalog')) {
    i18n.addResourceBundle('fr', 'catalog', frCatalog);
    i18n.addResourceBundle('en', 'catalog', enCatalog);
  }
  return <>{children}</>;
}
