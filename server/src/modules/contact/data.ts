// The contact form's reference data: its topics in display order, the texts of the contact page and of the
// acknowledgement, and client service's answer-time promise per channel.
import type { ContentLanguage } from '../../../../fixtures/content/index.ts';
import type { Schemas } from '../../shared/http.ts';

type Localized = Record<ContentLanguage, string>;
export type Topic = NonNullable<Schemas['ContactRequest']['topic']>;
export type Channel = Schemas['ContactChannel'];

const L = (en: string, fr: string, de: string, it: string, es: string, pt: string, ja: string, ko: string, zh: string, zhHant: string): Localized => ({
  en, fr, de, it, es, pt, ja, ko, zh, 'zh-hant': zhHant,
});

export const TOPICS: readonly { value: Topic; label: Localized }[] = [
  { value: 'order', label: L('An order', 'Une commande', 'Eine Bestellung', 'Un ordine', 'Un pedido', 'Um pedido', 'ご注文について', '주문', '订单', '訂單') },
  { value: 'product', label: L('A product', 'Un produit', 'Ein Produkt', 'Un prodotto', 'Un producto', 'Um produto', '商品について', '제품', '产品', '商品') },
  {
    value: 'returnExchange',
    label: L('A return or exchange', 'Un retour ou un échange', 'Eine Rücksendung oder ein Umtausch', 'Un reso o un cambio', 'Una devolución o un cambio', 'Uma devolução ou troca', '返品・交換について', '반품 또는 교환', '退货或换货', '退貨或換貨'),
  },
  { value: 'account', label: L('My account', 'Mon compte', 'Mein Kundenkonto', 'Il mio account', 'Mi cuenta', 'Minha conta', 'アカウントについて', '내 계정', '我的账户', '我的帳戶') },
  { value: 'boutique', label: L('A boutique', 'Une boutique', 'Eine Boutique', 'Una boutique', 'Una boutique', 'Uma boutique', 'ブティックについて', '부티크', '精品店', '精品店') },
  { value: 'other', label: L('Something else', 'Autre demande', 'Sonstiges', 'Altro', 'Otra consulta', 'Outro assunto', 'その他', '기타 문의', '其他', '其他') },
];

/** The acknowledgement's subject when the message names no topic. */
export const GENERIC_SUBJECT = L(
  'Your message',
  'Votre message',
  'Ihre Nachricht',
  'Il Suo messaggio',
  'Su mensaje',
  'Sua mensagem',
  'お問い合わせ内容',
  '문의 내용',
  '您的留言',
  '您的留言',
);

export const PAGE_TITLE = L('Contact us', 'Nous contacter', 'Kontakt', 'Contattaci', 'Contacto', 'Fale conosco', 'お問い合わせ', '문의하기', '联系我们', '聯絡我們');
export const PAGE_DESCRIPTION = L(
  'Our client advisors answer your questions about orders, products and boutiques.',
  'Nos conseillers répondent à vos questions sur vos commandes, nos produits et nos boutiques.',
  'Unsere Kundenberater beantworten Ihre Fragen zu Bestellungen, Produkten und Boutiquen.',
  'I nostri consulenti rispondono alle Sue domande su ordini, prodotti e boutique.',
  'Nuestros asesores responden a sus preguntas sobre pedidos, productos y boutiques.',
  'Nossos consultores respondem às suas perguntas sobre pedidos, produtos e boutiques.',
  'ご注文、商品、ブティックに関するご質問に、クライアントアドバイザーがお答えいたします。',
  '주문, 제품 및 부티크에 관한 문의에 고객 상담사가 답변해 드립니다.',
  '我们的客户顾问将解答您关于订单、产品及精品店的问题。',
  '我們的客戶顧問將解答您關於訂單、商品及精品店的問題。',
);

/** Client service's promise per answer channel, in hours (chat: the conversation opens at once). */
export const ANSWER_WITHIN_HOURS: Record<Channel, number> = { chat: 1, phoneCall: 24, whatsapp: 24, email: 48 };

/** The order the form offers its answer channels in. */
export const CHANNEL_ORDER: readonly Channel[] = ['email', 'phoneCall', 'whatsapp', 'chat'];
