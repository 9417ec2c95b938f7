// The output of scripts/generate-examples.ts: the example files, written only when they change, and the path files'
// `examples:` that name them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import YAML from 'yaml';
import {
  contractDirOf,
  EXAMPLE_LOCALES,
  examplesDirOf,
  HEADER,
  root,
  type ExampleSpec,
  type Locale,
} from './settings.ts';

export const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function writeIfChanged(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${path.slice(root.length + 1)}`);
}

/** Writes the example files; answers locale → file name (a single-locale example serves every locale). */
export function writeExamples(spec: ExampleSpec): Record<Locale, string> {
  const files = {} as Record<Locale, string>;
  const single = Object.keys(spec.values).length === 1;
  for (const locale of EXAMPLE_LOCALES) {
    const value = spec.values[locale];
    if (value === undefined) continue;
    const file = `${spec.exampleName ?? kebab(spec.operationId)}-${locale}.yaml`;
    const doc = { summary: spec.summary(single ? null : locale), value };
    writeIfChanged(
      join(examplesDirOf(spec.api ?? 'storefront'), file),
      `${HEADER}\n${YAML.stringify(doc, { lineWidth: 0 })}`,
    );
    files[locale] = file;
  }
  for (const locale of EXAMPLE_LOCALES) files[locale] ??= files['en-us'];
  return files;
}

/** Sets `examples:` of the success (200, or the spec's status) application/json response of the path file, `en-us` first. */
export function wireExamples(spec: ExampleSpec, files: Record<Locale, string>): void {
  const path = join(contractDirOf(spec.api ?? 'storefront'), 'paths', spec.pathFile);
  const source = readFileSync(path, 'utf8');
  const doc = YAML.parseDocument(source);
  const status = spec.status ?? '200';
  const media = doc.getIn([spec.method, 'responses', status, 'content', 'application/json'], true);
  if (!YAML.isMap(media)) throw new Error(`${spec.pathFile}: no ${status} application/json response`);
  if (doc.getIn([spec.method, 'operationId']) !== spec.operationId)
    throw new Error(`${spec.pathFile}: not ${spec.operationId}`);
  const examples = doc.createNode(
    Object.fromEntries(EXAMPLE_LOCALES.map((l) => [l, { $ref: `../components/examples/${files[l]}` }])),
  );
  media.set('examples', examples);
  writeIfChanged(path, doc.toString({ lineWidth: 0, flowCollectionPadding: false }));
}
