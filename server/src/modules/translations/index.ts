export { TranslationService, TRANSLATION_LANGUAGES, TRANSLATION_NAMESPACES, DEFAULT_LOCALES_DIR } from './service.ts';
export { translationsModule } from './module.ts';
