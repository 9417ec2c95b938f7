// Test support: the contract's JSON Schemas compiled with ajv 8 (as the request validator compiles them:
// JSON Schema 2020-12 of OpenAPI 3.1, Unicode regular expressions), read from the bundled contracts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import YAML from 'yaml';

type Json = Record<string, unknown>;
export type Api = 'storefront' | 'customer-service';

export const OPENAPI_DIR = join(import.meta.dirname, '../../../../../openapi');

const docs = new Map<Api, Json>();
export function bundledContract(api: Api): Json {
  let doc = docs.get(api);
  if (!doc) {
    doc = YAML.parse(readFileSync(join(OPENAPI_DIR, `generated/${api}.bundled.yaml`), 'utf8')) as Json;
    docs.set(api, doc);
  }
  return doc;
}

/** A schema file of the split contract, as written (e.g. `storefront/components/schemas/Address.yaml`). */
export function sourceSchema(path: string): Json {
  return YAML.parse(readFileSync(join(OPENAPI_DIR, path), 'utf8')) as Json;
}

export function bundledSchema(api: Api, name: string): Json {
  const components = bundledContract(api).components as { schemas: Record<string, Json> };
  const schema = components.schemas[name];
  if (!schema) throw new Error(`no schema ${name} in the ${api} contract`);
  return schema;
}

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: unknown,
) => void;
const ajvs = new Map<Api, Ajv2020>();

/** A validator of `components.schemas.<name>` of a bundled contract. */
export function schemaValidator(api: Api, name: string): (value: unknown) => boolean {
  let ajv = ajvs.get(api);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false, discriminator: false, logger: false });
    addFormats(ajv);
    ajv.addSchema(bundledContract(api), api);
    ajvs.set(api, ajv);
  }
  bundledSchema(api, name);
  const validate = ajv.getSchema(`${api}#/components/schemas/${name}`);
  if (!validate) throw new Error(`cannot compile ${name}`);
  return (value) => validate(value) === true;
}
