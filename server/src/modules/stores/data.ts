// The boutique pages' texts the server writes (titles, descriptions, the breadcrumb) and the words of the
// acknowledgement e-mails that come from data (a size), in the ten content languages: stores.json of
// server/src/locales/<language>/.
import { perLanguage } from '../../locales/index.ts';

export const BOUTIQUES = perLanguage((t) => t.stores.boutiques);
/** `{brand}`: the house's name. */
export const LIST_DESCRIPTION = perLanguage((t) => t.stores.listDescription);
/** `{name}`, `{address}`: the boutique's. */
export const DETAIL_DESCRIPTION = perLanguage((t) => t.stores.detailDescription);
/** "size 38" as an e-mail names the size of a reservation; `{size}` is the size code. */
export const SIZE_PHRASE = perLanguage((t) => t.stores.sizePhrase);
/** A one-size product (`TU`). */
export const ONE_SIZE = perLanguage((t) => t.stores.oneSize);

export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
