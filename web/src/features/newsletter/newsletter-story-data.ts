// The registration data of two markets, as GET /api/register/get-data answers it: for stories and tests.
import type { Schemas } from '../../lib/api-client';

export const registerFormFr: Schemas['RegisterFormData'] = {
  locale: 'fr-fr',
  country: 'FR',
  fields: [
    {
      name: 'civility',
      type: 'select',
      required: true,
      label: 'Civilité',
      options: [
        { value: 'MR', label: 'M.' },
        { value: 'MRS', label: 'Mme' },
        { value: 'MS', label: 'Mlle' },
        { value: 'MX', label: 'Mx' },
      ],
    },
    { name: 'firstName', type: 'text', required: true, label: 'Prénom', maxLength: 50 },
    { name: 'lastName', type: 'text', required: true, label: 'Nom', maxLength: 50 },
    { name: 'emailAddress', type: 'email', required: true, label: 'Adresse e-mail', maxLength: 254 },
  ],
  consents: [
    {
      id: 'privacy_notice',
      version: '2026-03',
      required: true,
      label: 'J’ai pris connaissance de la Politique de confidentialité.',
      linkHref: '/fr-fr/legal/privacy-policy',
    },
    {
      id: 'terms_of_use',
      version: '2026-03',
      required: true,
      label: 'J’accepte les Conditions générales de vente.',
      linkHref: '/fr-fr/legal/terms-and-conditions',
    },
    {
      id: 'marketing_email',
      version: '2026-03',
      required: false,
      label:
        'Je souhaite recevoir par e-mail les actualités de la Maison : collections, événements et services exclusifs.',
    },
  ],
};

export const registerFormUs: Schemas['RegisterFormData'] = {
  locale: 'en-us',
  country: 'US',
  fields: [
    {
      name: 'civility',
      type: 'select',
      required: false,
      label: 'Title',
      options: [
        { value: 'MR', label: 'Mr.' },
        { value: 'MRS', label: 'Mrs.' },
        { value: 'MS', label: 'Ms.' },
        { value: 'MX', label: 'Mx.' },
      ],
    },
  ],
  consents: [
    {
      id: 'privacy_notice',
      version: '2026-03',
      required: true,
      label: 'I have read the Privacy Policy.',
      linkHref: '/en-us/legal/privacy-policy',
    },
    {
      id: 'marketing_email',
      version: '2026-03',
      required: false,
      label: 'I would like to receive emails about new collections, events and exclusive services.',
    },
  ],
};
