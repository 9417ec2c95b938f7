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

const shells = new WeakMap<Manifest, { scripts: Set<string>; styles: Set<string> }>();

/**
 * The `<link>` tags that load a page's own modules (its route's chunk and what that chunk imports, and their
 * styles) as soon as the HTML arrives, beside the shell's that index.html names already: the browser fetches
 * them in parallel with the entry, and the client hydrates without waiting for a second round trip.
 */
export function preloadLinks(manifest: Manifest | null, modules: readonly string[]): string {
  if (!manifest || modules.length === 0) return '';
  let shell = shells.get(manifest);
  if (!shell) {
    shell = closure(
      manifest,
      Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
    );
    shells.set(manifest, shell);
  }
  const page = closure(manifest, modules);
  const href = (file: string) => escapeHtml(`/${file}`);
  return [
    ...[...page.styles]
      .filter((f) => !shell.styles.has(f))
      .map((f) => `<link rel="stylesheet" crossorigin href="${href(f)}">`),
    ...[...page.scripts]
      .filter((f) => !shell.scripts.has(f))
      .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href(f)}">`),
  ].join('\n    ');
}

/**
 * The font files every page sets above the fold, preloaded so that their text is drawn in its face at the first
 * paint or soon after (the fallback faces take the same room meanwhile): the Latin files of the interface's
 * grotesk and of the display face of the headings. Named by their source in the build's manifest, which gives
 * their hashed file.
 */
export const PRELOADED_FONTS = ['hanken-grotesk-latin-wght-normal.woff2', 'bodoni-moda-latin-opsz-normal.woff2'];

const fontLinks = new WeakMap<Manifest, string[]>();

/** `<link rel="preload" as="font">` tags of the preloaded fonts' hashed files (none without a build manifest). */
export function fontPreloadLinks(manifest: Manifest | null): string[] {
  if (!manifest) return [];
  let links = fontLinks.get(manifest);
  if (!links) {
    const files = Object.entries(manifest).map(([key, chunk]) => [key.split('/').pop(), chunk.file] as const);
    links = PRELOADED_FONTS.flatMap((name) => {
      const file = files.find(([source]) => source === name)?.[1];
      return file
        ? [`<link rel="preload" href="${escapeHtml(`/${file}`)}" as="font" type="font/woff2" crossorigin>`]
        : [];
    });
    fontLinks.set(manifest, links);
  }
  return links;
}
