import type { OperationRegistry } from '../../shared/operations.ts';
import type { TranslationService } from './service.ts';

/** Strings change only with a release: cacheable for a day, then revalidated by ETag. */
const CACHE_CONTROL = 'public, max-age=86400';

export function translationRoutes(ops: OperationRegistry, translations: TranslationService): void {
  ops.handle('getTranslations', {
    run: ({ path, res }) => {
      // The validator has checked both against the contract's enums (ERR_API_1021 otherwise).
      const { language, namespace } = path;
      const strings = translations.get(language, namespace);
      res.set({ 'Cache-Control': CACHE_CONTROL, ETag: strings.etag });
      // Express answers 304 (no body) itself when If-None-Match holds this ETag (req.fresh).
      return strings.body;
    },
  });
}
