import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../shared/html.ts';

/** One chunk of Vite's build manifest (`web/dist/client/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The client build's manifest, or null when the build has none. */
export function readManifest(clientDir: string): Manifest | null {
  const file = join(clientDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** The chunk files and styles a module needs, its static imports' included. */
function closure(manifest: Manifest, keys: readonly string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { scripts, styles };
}

/** The app the entry loads after the first paint (web/src/entry-client.tsx imports it). */
export const CLIENT_APP = 'src/client-app.tsx';

const shells = new WeakMap<Manifest, { scripts: Set<string>; styles: Set<string>; app: Set<string> }>();

function shellOf(manifest: Manifest) {
  let shell = shells.get(manifest);
  if (!shell) {
    const entries = closure(
      manifest,
      Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
    );
    const app = closure(manifest, [CLIENT_APP]).scripts;
    shell = { ...entries, app: new Set([...app].filter((f) => !entries.scripts.has(f))) };
    shells.set(manifest, shell);
  }
  return shell;
}

/**
 * The stylesheet links of a page's own modules beside the shell's that index.html names (none while the build
 * keeps one stylesheet: `cssCodeSplit: false`). Render-blocking, so in the head.
 */
export function preloadLinks(manifest: Manifest | null, modules: readonly string[]): string {
  if (!manifest || modules.length === 0) return '';
  const shell = shellOf(manifest);
  return [...closure(manifest, modules).styles]
    .filter((f) => !shell.styles.has(f))
    .map((f) => `<link rel="stylesheet" crossorigin href="${escapeHtml(`/${f}`)}">`)
    .join('\n    ');
}

/**
 * The scripts the browser fetches after the first paint, all at once (web/src/lib/first-paint.ts): the app
 * (`CLIENT_APP`) and the page's own modules (its route's chunk), with everything they import, less what
 * index.html already names. One round trip for the whole app instead of one per level of imports.
 */
export function pageModules(manifest: Manifest | null, modules: readonly string[]): string[] {
  if (!manifest) return [];
  const shell = shellOf(manifest);
  const page = closure(manifest, modules).scripts;
  return [...new Set([...shell.app, ...page])].filter((f) => !shell.scripts.has(f)).map((f) => `/${f}`);
}

/**
 * The font files every page sets above the fold, preloaded so that their text is drawn in its face at the first
 * paint or soon after (the fallback faces take the same room meanwhile): the Latin files of the interface's
 * grotesk and of the display face of the headings. Named by their source in the build's manifest, which gives
 * their hashed file.
 */
export const PRELOADED_FONTS = ['hanken-grotesk-latin-wght-normal.woff2', 'bodoni-moda-latin-opsz-normal.woff2'];

/**
 * Japanese, Korean and Chinese pages set their interface text in the language's own system face, Latin letters
 * included (web/src/styles/tokens.css): the grotesk is not theirs to fetch. Their headings keep the display face.
 */
export const CJK_PRELOADED_FONTS = PRELOADED_FONTS.filter((name) => !name.startsWith('hanken-grotesk'));

/** A page language (the document's `lang`) whose interface is set in its own system face. */
const setInOwnFace = (language: string) => /^(ja|ko|zh)(-|$)/.test(language);

const fontLinks = new WeakMap<Manifest, Map<readonly string[], string[]>>();

/**
 * `<link rel="preload" as="font">` tags of the fonts the page's language sets above the fold (none without a build
 * manifest).
 */
export function fontPreloadLinks(manifest: Manifest | null, language: string): string[] {
  if (!manifest) return [];
  const names = setInOwnFace(language) ? CJK_PRELOADED_FONTS : PRELOADED_FONTS;
  let byNames = fontLinks.get(manifest);
  if (!byNames) fontLinks.set(manifest, (byNames = new Map()));
  let links = byNames.get(names);
  if (!links) {
    const files = Object.entries(manifest).map(([key, chunk]) => [key.split('/').pop(), chunk.file] as const);
    links = names.flatMap((name) => {
      const file = files.find(([source]) => source === name)?.[1];
      return file
        ? [`<link rel="preload" href="${escapeHtml(`/${file}`)}" as="font" type="font/woff2" crossorigin>`]
        : [];
    });
    byNames.set(names, links);
  }
  return links;
}
