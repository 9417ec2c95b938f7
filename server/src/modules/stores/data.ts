// The boutique pages' texts the server writes (titles, descriptions, the breadcrumb) and the words of the
// acknowledgement e-mails that come from data (a size), in the ten content languages.
import type { ContentLanguage } from '../../../../fixtures/content/index.ts';

type Localized = Record<ContentLanguage, string>;

const L = (en: string, fr: string, de: string, it: string, es: string, pt: string, ja: string, ko: string, zh: string, zhHant: string): Localized => ({
  en, fr, de, it, es, pt, ja, ko, zh, 'zh-hant': zhHant,
});

export const BOUTIQUES = L('Boutiques', 'Boutiques', 'Boutiquen', 'Boutique', 'Boutiques', 'Boutiques', 'ブティック', '부티크', '精品店', '精品店');

export const LIST_DESCRIPTION = L(
  'Find a {brand} boutique near you: addresses, opening hours and services. Book an appointment or reserve a piece to try on.',
  'Trouvez une boutique {brand} près de chez vous : adresses, horaires et services. Prenez rendez-vous ou réservez une pièce à essayer.',
  'Finden Sie eine {brand} Boutique in Ihrer Nähe: Adressen, Öffnungszeiten und Services. Vereinbaren Sie einen Termin oder reservieren Sie ein Stück zur Anprobe.',
  'Trovi una boutique {brand} vicino a Lei: indirizzi, orari e servizi. Prenoti un appuntamento o riservi un capo da provare.',
  'Encuentre una boutique {brand} cerca de usted: direcciones, horarios y servicios. Reserve una cita o una pieza para probársela.',
  'Encontre uma boutique {brand} perto de você: endereços, horários e serviços. Agende um horário ou reserve uma peça para experimentar.',
  'お近くの{brand}ブティックをお探しください。所在地、営業時間、サービスのご案内。ご来店のご予約や、ご試着のためのお取り置きも承ります。',
  '가까운 {brand} 부티크를 찾아보세요. 주소, 영업시간, 서비스를 안내해 드립니다. 방문 예약이나 시착을 위한 제품 예약도 가능합니다.',
  '查找您附近的{brand}精品店：地址、营业时间与服务。您可预约到店或预留商品试穿。',
  '查找您附近的{brand}精品店：地址、營業時間與服務。您可預約到店或預留商品試穿。',
);

export const DETAIL_DESCRIPTION = L(
  '{name}, {address}. Opening hours, services and appointments with a client advisor.',
  '{name}, {address}. Horaires, services et rendez-vous avec un conseiller.',
  '{name}, {address}. Öffnungszeiten, Services und Termine mit einem Kundenberater.',
  '{name}, {address}. Orari, servizi e appuntamenti con un consulente.',
  '{name}, {address}. Horarios, servicios y citas con un asesor.',
  '{name}, {address}. Horários, serviços e atendimento com um consultor.',
  '{name}（{address}）。営業時間、サービス、クライアントアドバイザーとのご来店予約。',
  '{name}, {address}. 영업시간, 서비스 및 어드바이저 방문 예약 안내.',
  '{name}，{address}。营业时间、服务及顾问预约。',
  '{name}，{address}。營業時間、服務及顧問預約。',
);

/** "size 38" as an e-mail names the size of a reservation; `{size}` is the size code. */
export const SIZE_PHRASE = L('size {size}', 'taille {size}', 'Größe {size}', 'taglia {size}', 'talla {size}', 'tamanho {size}', 'サイズ {size}', '사이즈 {size}', '尺码 {size}', '尺碼 {size}');
/** A one-size product (`TU`). */
export const ONE_SIZE = L('one size', 'taille unique', 'Einheitsgröße', 'taglia unica', 'talla única', 'tamanho único', 'ワンサイズ', '원사이즈', '均码', '單一尺寸');

export const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
