// What a lapsed request says, in every storefront language: on its thank-you page (`closed`, then `released`
// or `noRefund`, then `sent`) and in the `return-lapsed` e-mail (`released` / `noRefund` as the outcome,
// `again` / `ended` as what comes next). `{date}`, `{closed}` and `{returnNumber}` are filled in below.
import { textsOf, type TextTable } from '../../shared/text-language.ts';
import type { ReturnFlow } from './tables.ts';

interface LapseTexts {
  closed: string;
  released: string;
  noRefund: string;
  sent: string;
  again: string;
  ended: string;
}

const TEXTS: TextTable<LapseTexts> = {
  en: {
    closed: 'The items of this request, to be handed over by {date}, have not reached us: the request was closed on {closed}.',
    released: 'The size set aside for you has been released.',
    noRefund: 'As the items did not reach us, no refund is due for this request.',
    sent: 'If you have already sent the parcel, please contact our Client Service with your return number {returnNumber}: we will trace it with the carrier.',
    again: 'These items can still be returned or exchanged until {date}: you may make a new request from your order.',
    ended: 'The return period of this order has now ended.',
  },
  fr: {
    closed: 'Les articles de cette demande, à remettre avant le {date}, ne nous sont pas parvenus\u202f: la demande a été clôturée le {closed}.',
    released: 'La taille réservée pour vous a été libérée.',
    noRefund: 'Les articles ne nous étant pas parvenus, aucun remboursement n’est dû pour cette demande.',
    sent: 'Si vous avez déjà envoyé le colis, contactez notre Service Client avec votre numéro de retour {returnNumber}\u202f: nous le retrouverons auprès du transporteur.',
    again: 'Ces articles peuvent encore être retournés ou échangés jusqu’au {date}\u202f: vous pouvez faire une nouvelle demande depuis votre commande.',
    ended: 'La période de retour de cette commande est désormais terminée.',
  },
  de: {
    closed: 'Die Artikel dieser Anfrage, die bis zum {date} abzugeben waren, sind nicht bei uns eingegangen: Die Anfrage wurde am {closed} geschlossen.',
    released: 'Die für Sie reservierte Größe wurde wieder freigegeben.',
    noRefund: 'Da die Artikel nicht bei uns eingegangen sind, erfolgt für diese Anfrage keine Erstattung.',
    sent: 'Falls Sie das Paket bereits versandt haben, wenden Sie sich bitte mit Ihrer Rücksendenummer {returnNumber} an unseren Kundenservice: Wir verfolgen es beim Versanddienst.',
    again: 'Diese Artikel können noch bis zum {date} zurückgegeben oder umgetauscht werden: Sie können über Ihre Bestellung eine neue Anfrage stellen.',
    ended: 'Die Rückgabefrist dieser Bestellung ist inzwischen abgelaufen.',
  },
  es: {
    closed: 'Los artículos de esta solicitud, que debían entregarse antes del {date}, no nos han llegado: la solicitud se cerró el {closed}.',
    released: 'La talla reservada para usted ha quedado liberada.',
    noRefund: 'Al no habernos llegado los artículos, esta solicitud no da lugar a reembolso.',
    sent: 'Si ya ha enviado el paquete, póngase en contacto con nuestro Servicio de Atención al Cliente indicando su número de devolución {returnNumber}: lo localizaremos con el transportista.',
    again: 'Estos artículos aún pueden devolverse o cambiarse hasta el {date}: puede hacer una nueva solicitud desde su pedido.',
    ended: 'El plazo de devolución de este pedido ha finalizado.',
  },
  it: {
    closed: 'Gli articoli di questa richiesta, da consegnare entro il {date}, non ci sono pervenuti: la richiesta è stata chiusa il {closed}.',
    released: 'La taglia riservata per lei è stata liberata.',
    noRefund: 'Poiché gli articoli non ci sono pervenuti, per questa richiesta non è previsto alcun rimborso.',
    sent: 'Se ha già spedito il pacco, contatti il nostro Servizio Clienti indicando il numero di reso {returnNumber}: lo rintracceremo presso il corriere.',
    again: 'Questi articoli possono ancora essere resi o cambiati fino al {date}: può effettuare una nuova richiesta dal suo ordine.',
    ended: 'Il periodo di reso di questo ordine è ora terminato.',
  },
  ja: {
    closed: '{date}までにお渡しいただく予定だった本依頼の商品が届いていないため、{closed}に本依頼を終了いたしました。',
    released: 'お取り置きしていた新しいサイズは、確保を解除いたしました。',
    noRefund: '商品が届いていないため、本依頼による返金はございません。',
    sent: 'すでに発送済みの場合は、返品番号 {returnNumber} を添えてクライアントサービスまでご連絡ください。配送業者に確認いたします。',
    again: 'これらの商品は{date}まで返品・交換を承ります。ご注文ページから改めてご依頼いただけます。',
    ended: 'このご注文の返品受付期間は終了いたしました。',
  },
  ko: {
    closed: '{date}까지 보내 주셔야 했던 이 요청의 상품이 도착하지 않아 {closed}에 요청이 종료되었습니다.',
    released: '고객님을 위해 확보해 둔 사이즈는 해제되었습니다.',
    noRefund: '상품이 도착하지 않았으므로 이 요청에 대한 환불은 없습니다.',
    sent: '이미 소포를 보내셨다면 반품 번호 {returnNumber}와 함께 고객 서비스로 연락해 주십시오. 택배사를 통해 확인해 드리겠습니다.',
    again: '이 상품들은 {date}까지 반품 또는 교환하실 수 있습니다. 주문 페이지에서 새로 요청해 주십시오.',
    ended: '이 주문의 반품 기간은 종료되었습니다.',
  },
  pt: {
    closed: 'Os itens desta solicitação, a serem entregues até {date}, não chegaram até nós: a solicitação foi encerrada em {closed}.',
    released: 'O tamanho reservado para você foi liberado.',
    noRefund: 'Como os itens não chegaram até nós, não há reembolso para esta solicitação.',
    sent: 'Se você já enviou o pacote, entre em contato com nosso Atendimento ao Cliente informando o número de devolução {returnNumber}: nós o localizaremos com a transportadora.',
    again: 'Estes itens ainda podem ser devolvidos ou trocados até {date}: você pode fazer uma nova solicitação a partir do seu pedido.',
    ended: 'O prazo de devolução deste pedido terminou.',
  },
  zh: {
    closed: '本次申请的商品应于{date}前寄出，但我们尚未收到，申请已于{closed}关闭。',
    released: '为您保留的尺码已释放。',
    noRefund: '由于未收到商品，本次申请不产生退款。',
    sent: '如您已寄出包裹，请凭退货编号 {returnNumber} 联系客户服务，我们将向承运商查询。',
    again: '这些商品在{date}前仍可退换，您可从订单页面重新提交申请。',
    ended: '本订单的退货期限已结束。',
  },
  'zh-hant': {
    closed: '本次申請的商品應於{date}前寄出，但我們尚未收到，申請已於{closed}關閉。',
    released: '為您保留的尺碼已釋出。',
    noRefund: '由於未收到商品，本次申請不產生退款。',
    sent: '如您已寄出包裹，請憑退貨編號 {returnNumber} 聯絡客戶服務，我們將向承運商查詢。',
    again: '這些商品在{date}前仍可退換，您可從訂單頁面重新提交申請。',
    ended: '本訂單的退貨期限已結束。',
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');
const day = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** What became of the request: the reserved size released (exchange) or no refund (return). */
export function lapseOutcome(locale: string, flow: ReturnFlow): string {
  const t = textsOf(TEXTS, locale);
  return flow === 'Exchange' ? t.released : t.noRefund;
}

/** What comes next: a new request until the window's last day, or the window has ended. */
export function lapseNext(locale: string, windowEnds: string | null): string {
  const t = textsOf(TEXTS, locale);
  return windowEnds ? fill(t.again, { date: day(windowEnds, locale) }) : t.ended;
}

/** The thank-you page's steps of a lapsed request, in place of the hand-over instructions. */
export function lapsedInstructions(locale: string, r: { flowType: ReturnFlow; returnNumber: string; returnBy: string; cancelledAt: string }): string[] {
  const t = textsOf(TEXTS, locale);
  return [fill(t.closed, { date: day(r.returnBy, locale), closed: day(r.cancelledAt, locale) }), lapseOutcome(locale, r.flowType), fill(t.sent, { returnNumber: r.returnNumber })];
}

export { TEXTS as LAPSE_TEXTS };
