import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const NAMESPACES = ['common', 'errors'] as const;

/** One i18next instance per render on the server, one per page on the client, from inlined resources. */
export function createI18n(language: string, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
