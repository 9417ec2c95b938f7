// What the return pages and the confirmation e-mail say on the server's side, in every storefront language:
// page titles, the return reasons and the instructions of a request. `{returnNumber}`, `{date}`, `{store}` and
// `{amount}` are filled in by `instructionsOf`.
import { textsOf as tableTextsOf, type TextTable } from '../../shared/text-language.ts';
import type { ReturnFlow, ReturnHandover } from './tables.ts';

export const RETURN_REASON_IDS = ['size-too-small', 'size-too-large', 'not-as-pictured', 'quality', 'wrong-item', 'changed-mind'] as const;
export type ReturnReasonId = (typeof RETURN_REASON_IDS)[number];

type PageKey = 'returnOrder' | 'returnExchange' | 'thankYou';
interface Texts {
  titles: Record<PageKey, string>;
  reasons: Record<ReturnReasonId, string>;
  pack: string;
  pickUp: string;
  dropOff: string;
  store: string;
  refund: string;
  exchange: string;
}

const TEXTS: TextTable<Texts> = {
  en: {
    titles: { returnOrder: 'Return an order', returnExchange: 'Return or exchange', thankYou: 'Your return request' },
    reasons: { 'size-too-small': 'Too small', 'size-too-large': 'Too large', 'not-as-pictured': 'Different from the picture', quality: 'Quality or defect', 'wrong-item': 'Wrong item received', 'changed-mind': 'Changed my mind' },
    pack: 'Pack the items in their original packaging, with their tags and dust bags.',
    pickUp: 'A courier will contact you to collect the parcel at your delivery address before {date}; the prepaid label comes with the courier.',
    dropOff: 'Leave the parcel at a carrier drop-off point before {date}, giving your return number {returnNumber}: the label is printed there.',
    store: 'Bring the items to {store} before {date} and give your return number {returnNumber} to a Client Advisor.',
    refund: '{amount} will be refunded to your original payment method within 10 days of our receiving the items.',
    exchange: 'Your new size is set aside for you and will be sent at no cost as soon as we receive the items.',
  },
  fr: {
    titles: { returnOrder: 'Retourner une commande', returnExchange: 'Retour ou échange', thankYou: 'Votre demande de retour' },
    reasons: { 'size-too-small': 'Trop petit', 'size-too-large': 'Trop grand', 'not-as-pictured': 'Différent de la photo', quality: 'Qualité ou défaut', 'wrong-item': 'Article reçu erroné', 'changed-mind': 'J’ai changé d’avis' },
    pack: 'Emballez les articles dans leur emballage d’origine, avec leurs étiquettes et leurs housses.',
    pickUp: 'Un coursier vous contactera pour retirer le colis à votre adresse de livraison avant le {date}\u202f; il apporte l’étiquette prépayée.',
    dropOff: 'Déposez le colis dans un point relais du transporteur avant le {date} en indiquant votre numéro de retour {returnNumber}\u202f: l’étiquette y est imprimée.',
    store: 'Apportez les articles à la boutique {store} avant le {date} et présentez votre numéro de retour {returnNumber} à un conseiller.',
    refund: '{amount} vous seront remboursés sur votre moyen de paiement d’origine sous 10 jours après réception des articles.',
    exchange: 'Votre nouvelle taille vous est réservée et vous sera expédiée sans frais dès réception des articles.',
  },
  de: {
    titles: { returnOrder: 'Bestellung zurücksenden', returnExchange: 'Rücksendung oder Umtausch', thankYou: 'Ihre Rücksendeanfrage' },
    reasons: { 'size-too-small': 'Zu klein', 'size-too-large': 'Zu groß', 'not-as-pictured': 'Anders als abgebildet', quality: 'Qualität oder Mangel', 'wrong-item': 'Falscher Artikel erhalten', 'changed-mind': 'Ich habe es mir anders überlegt' },
    pack: 'Verpacken Sie die Artikel in der Originalverpackung, mit Etiketten und Staubbeuteln.',
    pickUp: 'Ein Kurier wird Sie kontaktieren, um das Paket vor dem {date} an Ihrer Lieferadresse abzuholen; er bringt das vorfrankierte Etikett mit.',
    dropOff: 'Geben Sie das Paket vor dem {date} an einer Annahmestelle des Versanddienstes ab und nennen Sie Ihre Rücksendenummer {returnNumber}: Das Etikett wird dort gedruckt.',
    store: 'Bringen Sie die Artikel vor dem {date} in die Boutique {store} und nennen Sie einem Client Advisor Ihre Rücksendenummer {returnNumber}.',
    refund: '{amount} werden innerhalb von 10 Tagen nach Eingang der Artikel auf Ihr ursprüngliches Zahlungsmittel erstattet.',
    exchange: 'Ihre neue Größe ist für Sie reserviert und wird kostenfrei versandt, sobald die Artikel bei uns eingegangen sind.',
  },
  es: {
    titles: { returnOrder: 'Devolver un pedido', returnExchange: 'Devolución o cambio', thankYou: 'Su solicitud de devolución' },
    reasons: { 'size-too-small': 'Demasiado pequeño', 'size-too-large': 'Demasiado grande', 'not-as-pictured': 'Diferente de la imagen', quality: 'Calidad o defecto', 'wrong-item': 'Artículo recibido erróneo', 'changed-mind': 'He cambiado de opinión' },
    pack: 'Embale los artículos en su embalaje original, con sus etiquetas y fundas.',
    pickUp: 'Un mensajero se pondrá en contacto con usted para recoger el paquete en su dirección de entrega antes del {date}; él lleva la etiqueta prepagada.',
    dropOff: 'Deje el paquete en un punto de entrega del transportista antes del {date} indicando su número de devolución {returnNumber}: allí se imprime la etiqueta.',
    store: 'Lleve los artículos a la boutique {store} antes del {date} y presente su número de devolución {returnNumber} a un asesor.',
    refund: 'Se le reembolsarán {amount} en su método de pago original en un plazo de 10 días tras la recepción de los artículos.',
    exchange: 'Su nueva talla queda reservada y se le enviará sin coste en cuanto recibamos los artículos.',
  },
  it: {
    titles: { returnOrder: 'Restituire un ordine', returnExchange: 'Reso o cambio', thankYou: 'La sua richiesta di reso' },
    reasons: { 'size-too-small': 'Troppo piccolo', 'size-too-large': 'Troppo grande', 'not-as-pictured': 'Diverso dalla foto', quality: 'Qualità o difetto', 'wrong-item': 'Articolo ricevuto errato', 'changed-mind': 'Ho cambiato idea' },
    pack: 'Imballi gli articoli nella confezione originale, con le etichette e le custodie.',
    pickUp: 'Un corriere la contatterà per ritirare il pacco all’indirizzo di consegna entro il {date}; porterà con sé l’etichetta prepagata.',
    dropOff: 'Consegni il pacco in un punto di ritiro del corriere entro il {date} indicando il numero di reso {returnNumber}: l’etichetta viene stampata lì.',
    store: 'Porti gli articoli nella boutique {store} entro il {date} e comunichi il numero di reso {returnNumber} a un consulente.',
    refund: '{amount} le saranno rimborsati sul metodo di pagamento originale entro 10 giorni dal ricevimento degli articoli.',
    exchange: 'La nuova taglia è riservata per lei e le sarà spedita senza costi non appena riceveremo gli articoli.',
  },
  ja: {
    titles: { returnOrder: 'ご注文の返品', returnExchange: '返品・交換', thankYou: '返品のご依頼' },
    reasons: { 'size-too-small': '小さすぎる', 'size-too-large': '大きすぎる', 'not-as-pictured': '写真と異なる', quality: '品質・不良', 'wrong-item': '注文と異なる商品が届いた', 'changed-mind': '気が変わった' },
    pack: '商品はお届け時の梱包に、タグと保存袋を添えてお入れください。',
    pickUp: '{date}までに配送業者よりご連絡のうえ、お届け先住所へ集荷に伺います。前払いの返送ラベルは配送業者がお持ちします。',
    dropOff: '{date}までに、返品番号 {returnNumber} をお伝えのうえ運送会社の取扱店にお持ちください。ラベルは店頭で印刷されます。',
    store: '{date}までに商品を{store}にお持ちいただき、返品番号 {returnNumber} をスタッフにお伝えください。',
    refund: '{amount}は、商品の到着確認後10日以内にご注文時のお支払い方法へ返金されます。',
    exchange: '新しいサイズはお取り置きしており、商品の到着確認後すぐに無料でお送りします。',
  },
  ko: {
    titles: { returnOrder: '주문 반품', returnExchange: '반품 또는 교환', thankYou: '반품 요청' },
    reasons: { 'size-too-small': '너무 작음', 'size-too-large': '너무 큼', 'not-as-pictured': '사진과 다름', quality: '품질 또는 결함', 'wrong-item': '잘못된 상품 수령', 'changed-mind': '마음이 바뀜' },
    pack: '상품을 태그와 더스트백과 함께 원래 포장에 넣어 주십시오.',
    pickUp: '{date} 이전에 택배 기사가 연락드린 후 배송 주소에서 소포를 수거합니다. 선불 라벨은 기사가 지참합니다.',
    dropOff: '{date} 이전에 반품 번호 {returnNumber}을(를) 알려 주시고 택배사 접수처에 소포를 맡겨 주십시오. 라벨은 그곳에서 출력됩니다.',
    store: '{date} 이전에 {store}에 상품을 가져오셔서 반품 번호 {returnNumber}을(를) 어드바이저에게 알려 주십시오.',
    refund: '상품 도착 후 10일 이내에 {amount}이(가) 원래 결제 수단으로 환불됩니다.',
    exchange: '새 사이즈는 고객님을 위해 확보되어 있으며, 상품이 도착하는 즉시 무료로 발송됩니다.',
  },
  pt: {
    titles: { returnOrder: 'Devolver um pedido', returnExchange: 'Devolução ou troca', thankYou: 'Sua solicitação de devolução' },
    reasons: { 'size-too-small': 'Pequeno demais', 'size-too-large': 'Grande demais', 'not-as-pictured': 'Diferente da foto', quality: 'Qualidade ou defeito', 'wrong-item': 'Recebi o item errado', 'changed-mind': 'Mudei de ideia' },
    pack: 'Embale os itens na embalagem original, com as etiquetas e os protetores.',
    pickUp: 'Um entregador entrará em contato para retirar o pacote no seu endereço de entrega antes de {date}; ele leva a etiqueta pré-paga.',
    dropOff: 'Deixe o pacote em um ponto de coleta da transportadora antes de {date}, informando o número de devolução {returnNumber}: a etiqueta é impressa lá.',
    store: 'Leve os itens à boutique {store} antes de {date} e informe o número de devolução {returnNumber} a um consultor.',
    refund: '{amount} serão reembolsados na sua forma de pagamento original em até 10 dias após o recebimento dos itens.',
    exchange: 'Seu novo tamanho está reservado e será enviado sem custo assim que recebermos os itens.',
  },
  zh: {
    titles: { returnOrder: '退回订单', returnExchange: '退货或换货', thankYou: '您的退货申请' },
    reasons: { 'size-too-small': '尺码偏小', 'size-too-large': '尺码偏大', 'not-as-pictured': '与图片不符', quality: '质量问题或瑕疵', 'wrong-item': '收到的商品有误', 'changed-mind': '改变主意' },
    pack: '请将商品连同吊牌和防尘袋装入原包装。',
    pickUp: '快递员将在{date}前与您联系，到您的收货地址取件，并携带预付运单。',
    dropOff: '请在{date}前将包裹送至承运商网点，并告知退货编号 {returnNumber}，运单将在网点打印。',
    store: '请在{date}前将商品送至{store}，并向顾问出示退货编号 {returnNumber}。',
    refund: '我们收到商品后 10 天内，{amount}将退回至您的原支付方式。',
    exchange: '您的新尺码已为您保留，我们收到商品后将免费寄出。',
  },
  'zh-hant': {
    titles: { returnOrder: '退回訂單', returnExchange: '退貨或換貨', thankYou: '您的退貨申請' },
    reasons: { 'size-too-small': '尺碼偏小', 'size-too-large': '尺碼偏大', 'not-as-pictured': '與圖片不符', quality: '品質問題或瑕疵', 'wrong-item': '收到的商品有誤', 'changed-mind': '改變主意' },
    pack: '請將商品連同吊牌和防塵袋裝入原包裝。',
    pickUp: '快遞員將在{date}前與您聯絡，到您的收貨地址取件，並攜帶預付運單。',
    dropOff: '請在{date}前將包裹送至承運商據點，並告知退貨編號 {returnNumber}，運單將在據點列印。',
    store: '請在{date}前將商品送至{store}，並向顧問出示退貨編號 {returnNumber}。',
    refund: '我們收到商品後 10 天內，{amount}將退回至您的原付款方式。',
    exchange: '您的新尺碼已為您保留，我們收到商品後將免費寄出。',
  },
};

function textsOf(locale: string): Texts {
  return tableTextsOf(TEXTS, locale);
}

export function returnPageTitle(locale: string, key: PageKey): string {
  return textsOf(locale).titles[key];
}

export function returnReasons(locale: string): { id: ReturnReasonId; label: string }[] {
  const t = textsOf(locale);
  return RETURN_REASON_IDS.map((id) => ({ id, label: t.reasons[id] }));
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');

/** The steps after a request, in order: packing, handing over, then what the client gets back. */
export function instructionsOf(
  locale: string,
  r: { flowType: ReturnFlow; returnNumber: string; returnBy: string; handover: ReturnHandover | null; storeName: string | null; refundTotal: number; currency: string },
): string[] {
  const t = textsOf(locale);
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${r.returnBy}T00:00:00Z`));
  const amount = formatMoney(r.refundTotal, r.currency, locale);
  const values = { returnNumber: r.returnNumber, date, store: r.storeName ?? '', amount };
  const handover = r.storeName ? t.store : r.handover === 'pickUp' ? t.pickUp : t.dropOff;
  return [t.pack, fill(handover, values), fill(r.flowType === 'Exchange' ? t.exchange : t.refund, values)];
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount).replace(/\u202f|\u00a0/g, '\u00a0');
}
