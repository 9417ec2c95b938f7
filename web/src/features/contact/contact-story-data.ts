// The contact form of two markets, as GET /ssr/contact answers it, and a receipt: for stories and tests.
import type { Schemas } from '../../lib/api-client';

export const contactFormFr: Schemas['ContactPageData']['form'] = {
  formId: 'contactUs',
  topics: [
    { value: 'order', label: 'Une commande' },
    { value: 'product', label: 'Un produit' },
    { value: 'returnExchange', label: 'Un retour ou un échange' },
    { value: 'account', label: 'Mon compte' },
    { value: 'boutique', label: 'Une boutique' },
    { value: 'other', label: 'Autre demande' },
  ],
  channels: ['email', 'phoneCall', 'whatsapp', 'chat'],
  recaptchaSiteKey: '',
};

export const contactFormEn: Schemas['ContactPageData']['form'] = {
  ...contactFormFr,
  topics: [
    { value: 'order', label: 'An order' },
    { value: 'product', label: 'A product' },
    { value: 'returnExchange', label: 'A return or exchange' },
    { value: 'account', label: 'My account' },
    { value: 'boutique', label: 'A boutique' },
    { value: 'other', label: 'Something else' },
  ],
  channels: ['email', 'phoneCall', 'chat'],
};

export const receiptWhatsapp: Schemas['ContactRequestReceipt'] = {
  reference: 'CS-20261121-3HZ8PA',
  channel: 'whatsapp',
  formType: 'contactUs',
  receivedAt: '2026-11-21T09:27:03Z',
  expectedAnswerWithinHours: 24,
};
