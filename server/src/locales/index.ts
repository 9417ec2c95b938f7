// The server's own texts (e-mails, page titles, short notice pages …), one JSON file per language and namespace,
// the way the web keeps its strings (README.md in this folder). The files are imported, not read at run time: the
// production bundle (server/dist/main.mjs) carries them, so nothing has to find this folder wherever the server
// runs from, and the English file gives every namespace its type — a key the code misspells, or a language whose
// file lacks a key of English, fails `tsc -b`. locales.test.ts checks what types cannot: no key English lacks,
// the same `{placeholders}`, no empty text.
import { TEXT_LANGUAGES, textLanguageOf, type TextLanguage } from '../shared/text-language.ts';
import enAccounts from './en/accounts.json' with { type: 'json' };
import enContact from './en/contact.json' with { type: 'json' };
import enContent from './en/content.json' with { type: 'json' };
import enMail from './en/mail.json' with { type: 'json' };
import enNewsletter from './en/newsletter.json' with { type: 'json' };
import enNotice from './en/notice.json' with { type: 'json' };
import enOrders from './en/orders.json' with { type: 'json' };
import enReturns from './en/returns.json' with { type: 'json' };
import enStores from './en/stores.json' with { type: 'json' };
import frAccounts from './fr/accounts.json' with { type: 'json' };
import frContact from './fr/contact.json' with { type: 'json' };
import frContent from './fr/content.json' with { type: 'json' };
import frMail from './fr/mail.json' with { type: 'json' };
import frNewsletter from './fr/newsletter.json' with { type: 'json' };
import frNotice from './fr/notice.json' with { type: 'json' };
import frOrders from './fr/orders.json' with { type: 'json' };
import frReturns from './fr/returns.json' with { type: 'json' };
import frStores from './fr/stores.json' with { type: 'json' };
import deAccounts from './de/accounts.json' with { type: 'json' };
import deContact from './de/contact.json' with { type: 'json' };
import deContent from './de/content.json' with { type: 'json' };
import deMail from './de/mail.json' with { type: 'json' };
import deNewsletter from './de/newsletter.json' with { type: 'json' };
import deNotice from './de/notice.json' with { type: 'json' };
import deOrders from './de/orders.json' with { type: 'json' };
import deReturns from './de/returns.json' with { type: 'json' };
import deStores from './de/stores.json' with { type: 'json' };
import esAccounts from './es/accounts.json' with { type: 'json' };
import esContact from './es/contact.json' with { type: 'json' };
import esContent from './es/content.json' with { type: 'json' };
import esMail from './es/mail.json' with { type: 'json' };
import esNewsletter from './es/newsletter.json' with { type: 'json' };
import esNotice from './es/notice.json' with { type: 'json' };
import esOrders from './es/orders.json' with { type: 'json' };
import esReturns from './es/returns.json' with { type: 'json' };
import esStores from './es/stores.json' with { type: 'json' };
import itAccounts from './it/accounts.json' with { type: 'json' };
import itContact from './it/contact.json' with { type: 'json' };
import itContent from './it/content.json' with { type: 'json' };
import itMail from './it/mail.json' with { type: 'json' };
import itNewsletter from './it/newsletter.json' with { type: 'json' };
import itNotice from './it/notice.json' with { type: 'json' };
import itOrders from './it/orders.json' with { type: 'json' };
import itReturns from './it/returns.json' with { type: 'json' };
import itStores from './it/stores.json' with { type: 'json' };
import jaAccounts from './ja/accounts.json' with { type: 'json' };
import jaContact from './ja/contact.json' with { type: 'json' };
import jaContent from './ja/content.json' with { type: 'json' };
import jaMail from './ja/mail.json' with { type: 'json' };
import jaNewsletter from './ja/newsletter.json' with { type: 'json' };
import jaNotice from './ja/notice.json' with { type: 'json' };
import jaOrders from './ja/orders.json' with { type: 'json' };
import jaReturns from './ja/returns.json' with { type: 'json' };
import jaStores from './ja/stores.json' with { type: 'json' };
import koAccounts from './ko/accounts.json' with { type: 'json' };
import koContact from './ko/contact.json' with { type: 'json' };
import koContent from './ko/content.json' with { type: 'json' };
import koMail from './ko/mail.json' with { type: 'json' };
import koNewsletter from './ko/newsletter.json' with { type: 'json' };
import koNotice from './ko/notice.json' with { type: 'json' };
import koOrders from './ko/orders.json' with { type: 'json' };
import koReturns from './ko/returns.json' with { type: 'json' };
import koStores from './ko/stores.json' with { type: 'json' };
import ptAccounts from './pt/accounts.json' with { type: 'json' };
import ptContact from './pt/contact.json' with { type: 'json' };
import ptContent from './pt/content.json' with { type: 'json' };
import ptMail from './pt/mail.json' with { type: 'json' };
import ptNewsletter from './pt/newsletter.json' with { type: 'json' };
import ptNotice from './pt/notice.json' with { type: 'json' };
import ptOrders from './pt/orders.json' with { type: 'json' };
import ptReturns from './pt/returns.json' with { type: 'json' };
import ptStores from './pt/stores.json' with { type: 'json' };
import zhAccounts from './zh/accounts.json' with { type: 'json' };
import zhContact from './zh/contact.json' with { type: 'json' };
import zhContent from './zh/content.json' with { type: 'json' };
import zhMail from './zh/mail.json' with { type: 'json' };
import zhNewsletter from './zh/newsletter.json' with { type: 'json' };
import zhNotice from './zh/notice.json' with { type: 'json' };
import zhOrders from './zh/orders.json' with { type: 'json' };
import zhReturns from './zh/returns.json' with { type: 'json' };
import zhStores from './zh/stores.json' with { type: 'json' };
import zhHantAccounts from './zh-hant/accounts.json' with { type: 'json' };
import zhHantContact from './zh-hant/contact.json' with { type: 'json' };
import zhHantContent from './zh-hant/content.json' with { type: 'json' };
import zhHantMail from './zh-hant/mail.json' with { type: 'json' };
import zhHantNewsletter from './zh-hant/newsletter.json' with { type: 'json' };
import zhHantNotice from './zh-hant/notice.json' with { type: 'json' };
import zhHantOrders from './zh-hant/orders.json' with { type: 'json' };
import zhHantReturns from './zh-hant/returns.json' with { type: 'json' };
import zhHantStores from './zh-hant/stores.json' with { type: 'json' };

/** English: the source of every namespace, and its type. */
const EN = {
  accounts: enAccounts,
  contact: enContact,
  content: enContent,
  mail: enMail,
  newsletter: enNewsletter,
  notice: enNotice,
  orders: enOrders,
  returns: enReturns,
  stores: enStores,
};

/** A namespace: one file `<language>/<namespace>.json` per language. */
export type Namespace = keyof typeof EN;
/** The texts of a namespace, shaped as the English file is. */
export type Texts<N extends Namespace> = (typeof EN)[N];

/** Every language's texts: each namespace must have every key of the English one (else `tsc -b` fails). */
export const SERVER_TEXTS: Readonly<Record<TextLanguage, { readonly [N in Namespace]: Texts<N> }>> = {
  en: EN,
  fr: {
    accounts: frAccounts,
    contact: frContact,
    content: frContent,
    mail: frMail,
    newsletter: frNewsletter,
    notice: frNotice,
    orders: frOrders,
    returns: frReturns,
    stores: frStores,
  },
  de: {
    accounts: deAccounts,
    contact: deContact,
    content: deContent,
    mail: deMail,
    newsletter: deNewsletter,
    notice: deNotice,
    orders: deOrders,
    returns: deReturns,
    stores: deStores,
  },
  es: {
    accounts: esAccounts,
    contact: esContact,
    content: esContent,
    mail: esMail,
    newsletter: esNewsletter,
    notice: esNotice,
    orders: esOrders,
    returns: esReturns,
    stores: esStores,
  },
  it: {
    accounts: itAccounts,
    contact: itContact,
    content: itContent,
    mail: itMail,
    newsletter: itNewsletter,
    notice: itNotice,
    orders: itOrders,
    returns: itReturns,
    stores: itStores,
  },
  ja: {
    accounts: jaAccounts,
    contact: jaContact,
    content: jaContent,
    mail: jaMail,
    newsletter: jaNewsletter,
    notice: jaNotice,
    orders: jaOrders,
    returns: jaReturns,
    stores: jaStores,
  },
  ko: {
    accounts: koAccounts,
    contact: koContact,
    content: koContent,
    mail: koMail,
    newsletter: koNewsletter,
    notice: koNotice,
    orders: koOrders,
    returns: koReturns,
    stores: koStores,
  },
  pt: {
    accounts: ptAccounts,
    contact: ptContact,
    content: ptContent,
    mail: ptMail,
    newsletter: ptNewsletter,
    notice: ptNotice,
    orders: ptOrders,
    returns: ptReturns,
    stores: ptStores,
  },
  zh: {
    accounts: zhAccounts,
    contact: zhContact,
    content: zhContent,
    mail: zhMail,
    newsletter: zhNewsletter,
    notice: zhNotice,
    orders: zhOrders,
    returns: zhReturns,
    stores: zhStores,
  },
  'zh-hant': {
    accounts: zhHantAccounts,
    contact: zhHantContact,
    content: zhHantContent,
    mail: zhHantMail,
    newsletter: zhHantNewsletter,
    notice: zhHantNotice,
    orders: zhHantOrders,
    returns: zhHantReturns,
    stores: zhHantStores,
  },
};

/** The texts of a namespace in the language of a market locale (`fr-fr` → fr, `zh-tw` → zh-hant, else en) or of a language code. */
export function serverTexts<N extends Namespace>(namespace: N, locale: string): Texts<N> {
  return SERVER_TEXTS[textLanguageOf(locale)][namespace];
}

/** One value per language, picked from each language's texts: a table for code that indexes by language. */
export function perLanguage<T>(
  pick: (texts: (typeof SERVER_TEXTS)[TextLanguage]) => T,
): Readonly<Record<TextLanguage, T>> {
  return Object.fromEntries(TEXT_LANGUAGES.map((l) => [l, pick(SERVER_TEXTS[l])])) as Record<TextLanguage, T>;
}
