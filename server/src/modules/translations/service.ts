import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { AppError } from '../../shared/errors.ts';
import { fromRoot } from '../../shared/paths.ts';
import type { operations, Schemas } from '../../shared/http.ts';

type PathParams = operations['getTranslations']['parameters']['path'];
export type TranslationLanguage = PathParams['language'];
export type TranslationNamespace = PathParams['namespace'];

/** The contract's enums (the validator refuses anything else with ERR_API_1021); the test keeps them equal. */
export const TRANSLATION_LANGUAGES = [
  'de',
  'en',
  'es',
  'fr',
  'it',
  'ja',
  'ko',
  'pt',
  'zh',
  'zh-hant',
] as const satisfies readonly TranslationLanguage[];
export const TRANSLATION_NAMESPACES = [
  'common',
  'errors',
  'market',
  'consent',
  'content',
  'catalog',
  'product',
  'account',
  'contact',
  'checkout',
  'orders',
  'stores',
  'returns',
] as const satisfies readonly TranslationNamespace[];

/** The web app's strings, `<language>/<namespace>.json`: they ship with the release. */
export const DEFAULT_LOCALES_DIR = fromRoot('web/src/locales');

export interface Strings {
  /** The namespace's strings, nested by key (the file is read as JSON: its shape is the release's). */
  body: Schemas['Translations'];
  /** Strong validator: a hash of the strings. */
  etag: string;
}

type Entry = { ok: true; strings: Strings } | { ok: false; reason: string };

/**
 * Every language's strings, read once at start and kept in memory: they change only with a release.
 * A file that is missing or not a JSON object is remembered as such and answered 502 ERR_CMS_9000.
 */
export class TranslationService {
  private constructor(private readonly entries: Map<string, Entry>) {}

  static async load({
    dir = DEFAULT_LOCALES_DIR,
    logger,
  }: { dir?: string; logger?: Logger } = {}): Promise<TranslationService> {
    const entries = new Map<string, Entry>();
    await Promise.all(
      TRANSLATION_LANGUAGES.flatMap((language) =>
        TRANSLATION_NAMESPACES.map(async (namespace) => {
          const entry = await readStrings(join(dir, language, `${namespace}.json`));
          if (!entry.ok)
            logger?.warn(
              { code: 'ERR_CMS_9000', language, namespace, reason: entry.reason },
              'translations unavailable',
            );
          entries.set(`${language}/${namespace}`, entry);
        }),
      ),
    );
    return new TranslationService(entries);
  }

  /** The strings of one language and namespace, or ERR_CMS_9000 when they could not be read. */
  get(language: TranslationLanguage, namespace: TranslationNamespace): Strings {
    const entry = this.entries.get(`${language}/${namespace}`);
    if (!entry?.ok) throw new AppError('ERR_CMS_9000', `The ${language}/${namespace} strings could not be read.`);
    return entry.strings;
  }
}

async function readStrings(file: string): Promise<Entry> {
  let body: unknown;
  try {
    body = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, reason: 'not a JSON object' };
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
  return { ok: true, strings: { body: body as Schemas['Translations'], etag } };
}

// Fails to compile when the contract gains a language or namespace these lists lack.
const everyLanguage: [Exclude<TranslationLanguage, (typeof TRANSLATION_LANGUAGES)[number]>] extends [never]
  ? true
  : false = true;
const everyNamespace: [Exclude<TranslationNamespace, (typeof TRANSLATION_NAMESPACES)[number]>] extends [never]
  ? true
  : false = true;
void everyLanguage;
void everyNamespace;
