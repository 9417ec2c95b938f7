import type { Issue } from '../../shared/errors.ts';
import type { CsSchemas } from '../../shared/http.ts';
import type { Market, MarketService } from '../markets/index.ts';
import {
  CONSENTS,
  DOUBLE_OPT_IN,
  DOUBLE_OPT_IN_NOTE,
  FIELDS,
  US_PRIVACY_NOTE,
  civilityOptions,
  consentIdsOf,
  countryLabel,
  dateFormatOf,
  fieldOrder,
  formLanguageOf,
  isRequired,
  type ConsentId,
  type FieldName,
} from './data.ts';

type RegistrationField = CsSchemas['RegistrationField'];
type ConsentText = CsSchemas['ConsentText'];
/** What a consent answer carries, whichever contract it came from. */
export interface ConsentAnswer {
  id: string;
  granted: boolean;
  version: string;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The registration form of each market (fields, required flags, labels, date format) and its consent texts,
 * with the checks registration and the newsletter share: unknown or stale consents (`checkConsents`,
 * ERR_API_1018) and what the market requires but a body lacks (`missingRequired`, ERR_FORM_1000).
 * Reference data in memory: every answer is computed once per locale.
 */
export class RegistrationService {
  private readonly forms = new Map<string, CsSchemas['RegistrationForm']>();

  constructor(private readonly markets: MarketService) {}

  /** The market of a well-formed locale (unknown countries fall back to the US market). */
  market(locale: string): Market {
    return this.markets.resolve(locale);
  }

  /** Whether a subscription to marketing e-mail is confirmed from an e-mail first in the locale's market. */
  doubleOptIn(locale: string): boolean {
    return DOUBLE_OPT_IN.has(this.market(locale).country);
  }

  form(locale: string): CsSchemas['RegistrationForm'] {
    const market = this.market(locale);
    let form = this.forms.get(market.locale);
    if (!form) {
      form = {
        locale: market.locale,
        country: market.country,
        fields: this.buildFields(market),
        consents: this.buildConsents(market),
      };
      this.forms.set(market.locale, form);
    }
    return structuredClone(form);
  }

  fields(locale: string): CsSchemas['RegistrationFields'] {
    const { locale: l, country, fields } = this.form(locale);
    return { locale: l, country, fields };
  }

  consents(locale: string): CsSchemas['ConsentTexts'] {
    const { locale: l, country, consents } = this.form(locale);
    return { locale: l, country, consents };
  }

  /**
   * Issues (ERR_API_1018) for answers to consents the market does not have, or to another version of the
   * text than the current one. Repeated ids are the caller's rule (the schemas' own).
   */
  checkConsents(decisions: readonly ConsentAnswer[], locale: string, path = 'body/consents'): Issue[] {
    const market = this.market(locale);
    const offered = new Set<string>(consentIdsOf(market.country));
    const issues: Issue[] = [];
    decisions.forEach((d, i) => {
      if (!offered.has(d.id)) {
        issues.push({ path: `${path}/${i}/id`, message: `is not a consent of this market (${market.locale})` });
        return;
      }
      const current = CONSENTS[d.id as ConsentId].version;
      if (d.version !== current)
        issues.push({ path: `${path}/${i}/version`, message: `is not the current version of ${d.id} (${current})` });
    });
    return issues;
  }

  /**
   * Issues (ERR_FORM_1000) for the fields the locale's market requires but `body` lacks (blank counts as
   * missing), and for its required consents not granted. `body` holds `CreateCustomerRequest` properties;
   * an absent `country` is the locale's (the storefront's sign-up form does not send it).
   */
  missingRequired(body: Record<string, unknown>, locale: string): Issue[] {
    const form = this.form(locale);
    const issues: Issue[] = [];
    for (const field of form.fields) {
      // The country comes from the locale; the password may be chosen after activation (recovery e-mail).
      if (!field.required || field.name === 'country' || field.name === 'password') continue;
      if (isBlank(body[field.name]))
        issues.push({ path: `body/${field.name}`, message: `is required in this market (${form.locale})` });
    }
    const answers = Array.isArray(body.consents) ? (body.consents as ConsentAnswer[]) : [];
    for (const consent of form.consents) {
      if (!consent.required) continue;
      const index = answers.findIndex((a) => a?.id === consent.id);
      if (index < 0)
        issues.push({
          path: 'body/consents',
          message: `must include ${consent.id}, required in this market (${form.locale})`,
        });
      else if (answers[index]?.granted !== true)
        issues.push({
          path: `body/consents/${index}/granted`,
          message: `must be true: ${consent.id} is required in this market (${form.locale})`,
        });
    }
    return issues;
  }

  private buildFields(market: Market): RegistrationField[] {
    const language = formLanguageOf(market.locale);
    return fieldOrder(market.country, language).map((name: FieldName) => {
      const spec = FIELDS[name];
      const field: RegistrationField = {
        name,
        type: spec.type,
        required: isRequired(name, market.country),
        label: spec.label[language],
      };
      if (spec.maxLength) field.maxLength = spec.maxLength;
      if (name === 'birthDate') field.dateFormat = dateFormatOf(market.country);
      if (name === 'civility') field.options = civilityOptions(market.country, language);
      if (name === 'country')
        field.options = [{ value: market.country, label: countryLabel(market.country, language) }];
      return field;
    });
  }

  private buildConsents(market: Market): ConsentText[] {
    const language = formLanguageOf(market.locale);
    return consentIdsOf(market.country).map((id) => {
      const spec = CONSENTS[id];
      const paragraphs = [spec.text[language]];
      if (id === 'marketing_email' && DOUBLE_OPT_IN.has(market.country)) paragraphs.push(DOUBLE_OPT_IN_NOTE[language]);
      if (id === 'privacy_notice' && market.country === 'US')
        paragraphs.push(US_PRIVACY_NOTE[language] ?? US_PRIVACY_NOTE.en);
      const text: ConsentText = {
        id,
        kind: spec.kind,
        version: spec.version,
        required: spec.required,
        label: spec.label[language],
        text: paragraphs.join('\n\n'),
      };
      if (spec.link)
        text.links = [{ label: spec.link.label[language], href: `/${market.locale}/legal/${spec.link.slug}` }];
      return text;
    });
  }
}
