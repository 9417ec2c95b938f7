// Every place where an e-mail, a name, a postal code or a phone number enters the system applies the same
// rules (reference/rules, reference/markets/postal-codes.ts): each entry point of the contracts, fed a typo'd
// e-mail, a name without a letter or a postal code of the wrong shape, answers the catalogue error
// docs/reference/entry-points.md lists for it. The list of entry points is read from the contracts, so a new
// operation taking one of these fields fails here until the document names it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import YAML from 'yaml';
import { TEST_RECAPTCHA_TOKEN } from '../shared/recaptcha.ts';
import { buyableVariant, orderBody, place, shopperWith } from '../modules/checkout/test-support.ts';
import { agent, startTestApp, type TestApp } from './harness.ts';

type Json = Record<string, any>;
type Api = 'storefront' | 'customer-service';

const ROOT = join(import.meta.dirname, '../../..');
const contracts: Record<Api, Json> = {
  storefront: YAML.parse(readFileSync(join(ROOT, 'openapi/generated/storefront.bundled.yaml'), 'utf8')),
  'customer-service': YAML.parse(readFileSync(join(ROOT, 'openapi/generated/customer-service.bundled.yaml'), 'utf8')),
};
const FIELD = /^(email|emailAddress|firstName|lastName|firstNameKana|lastNameKana|postalCode|phone)$/;

/** The operations whose request body takes one of the fields, with the fields' paths (`addresses/[]/postalCode`). */
function entryPointsOf(api: Api): Map<string, string[]> {
  const doc = contracts[api];
  const resolve = (s: Json | undefined): Json | undefined => {
    let schema = s;
    while (schema?.$ref)
      schema = schema.$ref
        .slice(2)
        .split('/')
        .reduce((o: Json, k: string) => o[k], doc);
    return schema;
  };
  const fields = (s: Json | undefined, path: string, out: Set<string>, depth: number) => {
    const schema = resolve(s);
    if (!schema || depth > 6) return;
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      for (const part of schema[key] ?? []) fields(part, path, out, depth + 1);
    if (schema.items) fields(schema.items, `${path}[]/`, out, depth + 1);
    for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
      if (FIELD.test(name)) out.add(`${path}${name}`);
      fields(property, `${path}${name}/`, out, depth + 1);
    }
  };
  const found = new Map<string, string[]>();
  for (const item of Object.values<Json>(doc.paths))
    for (const op of Object.values<Json>(item)) {
      if (!op?.operationId || !op.requestBody) continue;
      const out = new Set<string>();
      for (const content of Object.values<Json>(op.requestBody.content)) fields(content.schema, '', out, 0);
      if (out.size) found.set(op.operationId, [...out].sort());
    }
  return found;
}

/** The operation ids the document's table names (the first column, in backquotes). */
function documentedEntryPoints(): Set<string> {
  const text = readFileSync(join(ROOT, 'docs/reference/entry-points.md'), 'utf8');
  return new Set([...text.matchAll(/^\| `(\w+)`/gm)].map((m) => m[1]!));
}

describe('the entry points of e-mails, names, postal codes and phone numbers', () => {
  it('are all listed in docs/reference/entry-points.md, and the document names no other', () => {
    const fromContracts = new Set([...entryPointsOf('storefront').keys(), ...entryPointsOf('customer-service').keys()]);
    expect([...documentedEntryPoints()].sort()).toEqual([...fromContracts].sort());
  });
});

const SERVICE_TOKEN = 'service-token-of-the-entry-point-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CUSTOMER_SERVICE_TOKEN: SERVICE_TOKEN });
});
afterAll(() => t.close());

const run = randomUUID().slice(0, 8);
let ip = 0;
const CS = '/customer-service/v1';
const TYPO = `claire.${run}@gmail.con`;
const NO_LETTER = "'-";

/**
 * Each run its own addresses: with Redis (the PostgreSQL suite) the rate limits' counters outlive a run, and a
 * second run within the hour met the first run's contact limit (429) instead of the rule under test.
 */
const RUN = 20 + Math.floor(Math.random() * 230);

/** A browser's call (same-origin), or with `server` a call of another system (the service token, no browser). */
function post(path: string, body: Json, server = false) {
  return (server ? request(t.app) : agent(t.app))
    .post(path)
    .set('X-Service-Token', SERVICE_TOKEN)
    .set('X-Forwarded-For', `10.${RUN}.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`)
    .send(body);
}

/** The problem answered: status, code and the paths of `errors`. */
async function problemOf(res: { status: number; body: Json }) {
  return { status: res.status, code: res.body.code, paths: (res.body.errors ?? []).map((e: Json) => e.path) };
}

/** The first request example of an operation in its contract: a valid body the rules are then tried on. */
function exampleOf(api: Api, operationId: string): { method: string; path: string; body: Json } {
  const doc = contracts[api];
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const [method, op] of Object.entries<Json>(item)) {
      if (op?.operationId !== operationId) continue;
      const content = op.requestBody.content['application/json'];
      let example = content.example ?? Object.values<Json>(content.examples ?? {})[0];
      if (example?.$ref)
        example = example.$ref
          .slice(2)
          .split('/')
          .reduce((o: Json, k: string) => o[k], doc);
      return { method, path, body: structuredClone(example?.value ?? example) };
    }
  throw new Error(`no operation ${operationId}`);
}

interface Case {
  op: string;
  api?: Api;
  /** The field the e-mail is sent in, and the answer to a typo'd one. */
  email?: { field?: string; status: number; code: string; unnamed?: true };
  /** The answer to a first name without a letter. */
  name?: { status: number; code: string; path?: string; field?: string };
  /** The answer to a postal code of the wrong shape (a French code of four digits). */
  postalCode?: { status: number; code: string; path: string; field: string };
  query?: string;
  pid?: boolean;
  /** Called by another system with the service token, not by a browser. */
  server?: true;
}

const send = async (c: Case, over: Json, base?: Json) => {
  const api = c.api ?? 'storefront';
  const example = exampleOf(api, c.op);
  const root = api === 'storefront' ? '' : CS;
  const pid = c.pid ? (await buyableVariant(t.database.db)).pid : '';
  const url = `${root}${example.path.replace('{pid}', pid)}?${c.query ?? 'locale=fr-fr'}`;
  const body = { ...(base ?? example.body) };
  if ('recaptchaToken' in body) body.recaptchaToken = TEST_RECAPTCHA_TOKEN;
  // The example's own address is this run's: the per-address limits (the contact form's 3 an hour) count it across
  // runs with Redis, and across the other test files' requests.
  for (const field of ['email', 'emailAddress'])
    if (typeof body[field] === 'string' && base === undefined) body[field] = `entry.${run}.${++ip}@example.com`;
  return post(url, { ...body, ...over }, c.server);
};

const FORM_TYPO = { status: 422, code: 'ERR_FORM_1002' };
const BAD_FIELD = { status: 400, code: 'ERR_API_1018' };
const cases: Case[] = [
  { op: 'register', email: { field: 'emailAddress', ...FORM_TYPO }, name: BAD_FIELD },
  { op: 'login', email: FORM_TYPO },
  { op: 'activateAccount', email: FORM_TYPO },
  { op: 'migrateAccount', email: FORM_TYPO },
  { op: 'requestPasswordReset', email: FORM_TYPO },
  { op: 'changeExpiredPassword', email: FORM_TYPO },
  { op: 'subscribeNewsletter', email: FORM_TYPO },
  {
    op: 'sendContactRequest',
    email: { status: 422, code: 'ERR_CTC_API_1000' },
    name: { status: 422, code: 'ERR_CTC_API_1000' },
  },
  { op: 'subscribeBackInStock', pid: true, email: { status: 422, code: 'ERR_PDT_API_1002', unnamed: true } },
  {
    op: 'bookStoreAppointment',
    email: { status: 400, code: 'ERR_STORE_API_1002' },
    name: { status: 400, code: 'ERR_STORE_API_1002' },
  },
  {
    op: 'reserveProductInStore',
    email: { status: 400, code: 'ERR_STORE_API_1000' },
    name: { status: 400, code: 'ERR_STORE_API_1000' },
  },
  { op: 'csSendActivationEmail', api: 'customer-service', email: FORM_TYPO },
  { op: 'csAuthn', api: 'customer-service', email: FORM_TYPO },
  { op: 'csRequestPasswordRecovery', api: 'customer-service', email: FORM_TYPO },
  { op: 'csCheckAccountStatus', api: 'customer-service', email: FORM_TYPO },
  { op: 'csSubscribeNewsletter', api: 'customer-service', email: FORM_TYPO, query: '' },
  {
    op: 'csCreateCustomer',
    api: 'customer-service',
    email: { field: 'emailAddress', ...FORM_TYPO },
    name: BAD_FIELD,
    query: '',
  },
  { op: 'csMigrateCustomer', api: 'customer-service', server: true, email: FORM_TYPO },
];

describe.each(cases)('$op', (c) => {
  if (c.email) {
    const { field = 'email', status, code, unnamed } = c.email;
    it(`refuses a typo'd e-mail with ${code}`, async () => {
      const answer = await problemOf(await send(c, { [field]: TYPO }));
      expect(answer).toMatchObject({ status, code });
      if (unnamed) expect(answer.paths).toEqual([]);
      else expect(answer.paths).toContain(`body/${field}`);
    });
  }
  if (c.name) {
    const { status, code, field = 'firstName', path = `body/${field}` } = c.name;
    it(`refuses a name without a letter with ${code}`, async () => {
      const answer = await problemOf(await send(c, { [field]: NO_LETTER }));
      expect(answer).toMatchObject({ status, code });
      expect(answer.paths).toContain(path);
    });
  }
});

describe('placeOrder (the checkout)', () => {
  const placeWith = async (over: (body: Json) => Json) => {
    const v = await buyableVariant(t.database.db, { offset: 7 });
    const shopper = await shopperWith(t.app, v);
    const { body } = await orderBody(shopper);
    return problemOf(await place(shopper, over(body)));
  };

  it("refuses a typo'd e-mail with ERR_FORM_1002", async () => {
    const answer = await placeWith((body) => ({ ...body, email: TYPO }));
    expect(answer).toMatchObject({ status: 422, code: 'ERR_FORM_1002', paths: ['body/email'] });
  });

  it('refuses a name without a letter, of the contact or of an address, with ERR_API_1018', async () => {
    const answer = await placeWith((body) => ({
      ...body,
      lastName: NO_LETTER,
      delivery: { ...body.delivery, address: { ...body.delivery.address, firstName: NO_LETTER } },
    }));
    expect(answer).toMatchObject({ status: 400, code: 'ERR_API_1018' });
    expect(answer.paths).toEqual(expect.arrayContaining(['body/lastName', 'body/delivery/address/firstName']));
  });

  it("refuses a postal code of the wrong shape for the address's country with ERR_API_1018 (the contract's Address)", async () => {
    const answer = await placeWith((body) => ({
      ...body,
      delivery: { ...body.delivery, address: { ...body.delivery.address, postalCode: '7500' } },
    }));
    expect(answer).toMatchObject({ status: 400, code: 'ERR_API_1018' });
    expect(answer.paths).toContain('body/delivery/address/postalCode');
  });
});
