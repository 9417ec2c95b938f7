// Titles (the head's <title>) of the order and checkout pages, in every storefront language.
import { textsOf, type TextTable } from '../../shared/text-language.ts';

export type OrderPageKey = 'orders' | 'order' | 'trackOrder' | 'basket' | 'checkout' | 'confirmation' | 'payment';

const TITLES: TextTable<Record<OrderPageKey, string>> = {
  en: { orders: 'My orders', order: 'Order details', trackOrder: 'Track an order', basket: 'Shopping bag', checkout: 'Secure checkout', confirmation: 'Thank you for your order', payment: 'Payment methods' },
  fr: { orders: 'Mes commandes', order: 'Détail de la commande', trackOrder: 'Suivre une commande', basket: 'Panier', checkout: 'Paiement sécurisé', confirmation: 'Merci pour votre commande', payment: 'Moyens de paiement' },
  de: { orders: 'Meine Bestellungen', order: 'Bestelldetails', trackOrder: 'Bestellung verfolgen', basket: 'Warenkorb', checkout: 'Sichere Kasse', confirmation: 'Vielen Dank für Ihre Bestellung', payment: 'Zahlungsmethoden' },
  es: { orders: 'Mis pedidos', order: 'Detalles del pedido', trackOrder: 'Seguir un pedido', basket: 'Cesta', checkout: 'Pago seguro', confirmation: 'Gracias por su pedido', payment: 'Métodos de pago' },
  it: { orders: 'I miei ordini', order: 'Dettagli dell’ordine', trackOrder: 'Traccia un ordine', basket: 'Carrello', checkout: 'Pagamento sicuro', confirmation: 'Grazie per il suo ordine', payment: 'Metodi di pagamento' },
  ja: { orders: 'ご注文履歴', order: 'ご注文の詳細', trackOrder: 'ご注文の追跡', basket: 'ショッピングバッグ', checkout: 'お支払い手続き', confirmation: 'ご注文ありがとうございます', payment: 'お支払い方法' },
  ko: { orders: '주문 내역', order: '주문 상세', trackOrder: '주문 조회', basket: '쇼핑백', checkout: '안전한 결제', confirmation: '주문해 주셔서 감사합니다', payment: '결제 수단' },
  pt: { orders: 'Meus pedidos', order: 'Detalhes do pedido', trackOrder: 'Rastrear um pedido', basket: 'Sacola', checkout: 'Pagamento seguro', confirmation: 'Obrigado pelo seu pedido', payment: 'Formas de pagamento' },
  zh: { orders: '我的订单', order: '订单详情', trackOrder: '查询订单', basket: '购物袋', checkout: '安全结账', confirmation: '感谢您的订购', payment: '支付方式' },
  'zh-hant': { orders: '我的訂單', order: '訂單詳情', trackOrder: '查詢訂單', basket: '購物袋', checkout: '安全結帳', confirmation: '感謝您的訂購', payment: '付款方式' },
};

export function orderPageTitle(locale: string, key: OrderPageKey): string {
  return textsOf(TITLES, locale)[key];
}
