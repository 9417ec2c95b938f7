// The contact form's reference data: its topics in display order, the texts of the contact page and of the
// acknowledgement, and client service's answer-time promise per channel.
import type { ContentLanguage } from '../../../../reference/content-language.ts';
import type { Schemas } from '../../shared/http.ts';
import { perLanguage } from '../../locales/index.ts';

export type Topic = NonNullable<Schemas['ContactRequest']['topic']>;
export type Channel = Schemas['ContactChannel'];

/** The topics in display order; their labels are in contact.json of server/src/locales/<language>/. */
const TOPIC_ORDER: readonly Topic[] = ['order', 'product', 'returnExchange', 'account', 'boutique', 'other'];
export const TOPICS: readonly { value: Topic; label: Readonly<Record<ContentLanguage, string>> }[] = TOPIC_ORDER.map(
  (value) => ({
    value,
    label: perLanguage((t) => t.contact.topics[value]),
  }),
);

/** The acknowledgement's subject when the message names no topic. */
export const GENERIC_SUBJECT = perLanguage((t) => t.contact.genericSubject);

export const PAGE_TITLE = perLanguage((t) => t.contact.pageTitle);
export const PAGE_DESCRIPTION = perLanguage((t) => t.contact.pageDescription);

/** Client service's promise per answer channel, in hours (chat: the conversation opens at once). */
export const ANSWER_WITHIN_HOURS: Record<Channel, number> = { chat: 1, phoneCall: 24, whatsapp: 24, email: 48 };

/** The order the form offers its answer channels in. */
export const CHANNEL_ORDER: readonly Channel[] = ['email', 'phoneCall', 'whatsapp', 'chat'];
