import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const NAMESPACES = ['common', 'errors'] as const;

type LocaleFile = { default: Record<string, unknown> };

/** The files one language needs: its namespaces and English's (the fallback). */
export function localeFilesFor(language: string): string[] {
  return [...new Set([language, 'en'])].flatMap((lng) => NAMESPACES.map((ns) => `./locales/${lng}/${ns}.json`));
}

/** The strings of one language (and English) from `import.meta.glob('./locales/*\/*.json', { eager: true })`. */
export function pickResources(files: Record<string, LocaleFile>, language: string): Resource {
  const resources: Resource = {};
  for (const lng of new Set([language, 'en'])) {
    resources[lng] = {};
    for (const ns of NAMESPACES) {
      const file = files[`./locales/${lng}/${ns}.json`];
      if (file) resources[lng][ns] = file.default;
    }
  }
  return resources;
}

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
