import type { MailCopy } from '../templates.ts';

// French typography: a narrow no-break space (U+202F) before « : ; » and inside guillemets.
export const fr: MailCopy = {
  htmlLang: 'fr',
  greeting: 'Bonjour {firstName},',
  greetingDefault: 'Chère Cliente, cher Client,',
  signOff: 'Avec nos salutations distinguées,',
  signature: 'Le Service Client {brand}',
  fallbackLink: 'Si le bouton ne fonctionne pas, nous vous invitons à copier ce lien dans votre navigateur\u202f:',
  automatic: 'Cet e-mail vous est adressé automatiquement\u202f; nous vous remercions de ne pas y répondre.',
  templates: {
    activation: {
      subject: 'Activez votre compte {brand}',
      heading: 'Bienvenue chez {brand}',
      body: [
        'Nous vous remercions d’avoir créé votre compte {brand}.',
        'Pour l’activer, nous vous invitons à confirmer votre adresse e-mail en sélectionnant le bouton ci-dessous.',
      ],
      action: 'Activer mon compte',
      after: ['Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.'],
    },
    'account-exists': {
      subject: 'Votre compte {brand}',
      heading: 'Un compte existe déjà',
      body: [
        'Une demande de création de compte a été effectuée avec cette adresse e-mail, déjà associée à un compte {brand}.',
        'Vous pouvez vous connecter avec votre mot de passe habituel.',
      ],
      action: 'Me connecter',
      secondary: { text: 'Si vous avez oublié votre mot de passe, vous pouvez en choisir un nouveau\u202f:', label: 'Réinitialiser mon mot de passe' },
      after: ['Si vous n’êtes pas à l’origine de cette demande, aucune action n’est requise de votre part.'],
    },
    'account-none': {
      subject: 'Votre demande auprès de {brand}',
      heading: 'Aucun compte n’est associé à cette adresse',
      body: [
        'Une demande concernant un compte {brand} a été effectuée pour cette adresse e-mail. Aucun compte n’y est associé à ce jour.',
        'Si vous le souhaitez, vous pouvez en créer un en quelques instants.',
      ],
      action: 'Créer un compte',
      after: ['Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.'],
    },
    welcome: {
      subject: 'Bienvenue chez {brand}',
      heading: 'Votre compte est désormais actif',
      body: [
        'Nous sommes ravis de vous accueillir chez {brand}.',
        'Votre compte est désormais actif. Vous pouvez vous connecter à tout moment pour suivre vos commandes, gérer vos informations et vos préférences, et retrouver votre liste d’envies.',
      ],
      action: 'Me connecter',
    },
    'password-reset': {
      subject: 'Réinitialisation de votre mot de passe {brand}',
      heading: 'Réinitialisez votre mot de passe',
      body: [
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {brand}.',
        'Pour choisir un nouveau mot de passe, nous vous invitons à sélectionner le bouton ci-dessous. Ce lien est valable 60\u00a0minutes et ne peut être utilisé qu’une seule fois.',
      ],
      action: 'Choisir un nouveau mot de passe',
      after: ['Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail\u202f: votre mot de passe reste inchangé.'],
    },
    'account-migration': {
      subject: 'Votre compte {brand} vous attend',
      heading: 'Bienvenue sur notre nouveau site',
      body: [
        'Vous avez demandé à retrouver sur le nouveau site {brand} le compte que vous aviez sur notre ancien site. Votre compte est prêt\u202f: les informations et adresses que vous y aviez enregistrées ont été reprises.',
        'Pour vous connecter, nous vous invitons à choisir un mot de passe en sélectionnant le bouton ci-dessous. Ce lien est valable 7\u00a0jours et ne peut être utilisé qu’une seule fois.',
      ],
      action: 'Choisir mon mot de passe',
      after: ['Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail\u202f: personne ne peut se connecter à votre compte sans choisir un mot de passe au moyen de ce lien.'],
    },
    'password-changed': {
      subject: 'Votre mot de passe {brand} a été modifié',
      heading: 'Votre mot de passe a été modifié',
      body: [
        'Nous vous confirmons que le mot de passe de votre compte {brand} vient d’être modifié.',
        'Si vous êtes à l’origine de cette modification, aucune action n’est requise. Dans le cas contraire, nous vous invitons à réinitialiser votre mot de passe sans attendre et à contacter notre Service Client.',
      ],
      action: 'Réinitialiser mon mot de passe',
    },
    'newsletter-confirm': {
      subject: 'Confirmez votre inscription à la newsletter {brand}',
      heading: 'Confirmez votre inscription',
      body: [
        'Nous vous remercions de l’intérêt que vous portez à {brand}.',
        'Pour finaliser votre inscription à notre newsletter, nous vous invitons à confirmer votre adresse e-mail en sélectionnant le bouton ci-dessous.',
      ],
      action: 'Confirmer mon inscription',
      after: ['Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail\u202f: aucune inscription ne sera enregistrée.'],
    },
    'newsletter-welcome': {
      subject: 'Votre inscription à la newsletter {brand}',
      heading: 'Merci de votre inscription',
      body: [
        'Votre inscription à la newsletter {brand} est confirmée.',
        'Vous découvrirez en avant-première nos nouvelles collections, nos événements exclusifs et l’actualité de la Maison.',
      ],
      secondary: { text: 'Vous pouvez vous désinscrire à tout moment\u202f:', label: 'Se désinscrire' },
    },
    'contact-ack': {
      subject: 'Votre message à {brand} – référence {reference}',
      heading: 'Merci pour votre message',
      body: [
        'Nous vous remercions d’avoir contacté {brand}. Nous avons bien reçu votre message concernant «\u202f{subject}\u202f».',
        'L’un de nos Conseillers vous répondra dans les meilleurs délais.',
        'Votre référence\u202f: {reference}. Nous vous remercions de la rappeler dans toute correspondance ultérieure.',
      ],
    },
    'store-reservation-ack': {
      subject: 'Votre réservation en boutique {brand} – référence {reference}',
      heading: 'Merci pour votre réservation',
      body: [
        'Nous avons bien reçu votre demande de réservation de «\u202f{productName}\u202f», {size}, à la boutique {storeName}.',
        'La boutique vous la confirmera, généralement sous 24 heures, puis gardera la pièce à votre disposition pendant trois jours au plus.',
        'Votre référence\u202f: {reference}. Nous vous remercions de la rappeler lors de votre visite en boutique.',
      ],
      action: 'Découvrir la boutique',
    },
    'store-appointment-ack': {
      subject: 'Votre demande de rendez-vous {brand} – référence {reference}',
      heading: 'Merci pour votre demande de rendez-vous',
      body: [
        'Nous avons bien reçu votre demande de rendez-vous à la boutique {storeName}, le {when}.',
        'Un conseiller de la boutique vous la confirmera, généralement sous 24 heures.',
        'Votre référence\u202f: {reference}. Nous nous réjouissons de vous accueillir.',
      ],
      action: 'Découvrir la boutique',
    },
    'order-confirmation': {
      subject: "Votre commande {brand} {reference} est confirmée",
      heading: "Merci pour votre commande",
      body: [
        "Nous avons bien reçu votre commande {reference} et votre paiement. Voici le détail :",
        "{items}",
        "Total : {total}. {delivery}",
        "Nous vous préviendrons dès son expédition.",
      ],
      action: "Voir ma commande",
    },
    'order-cancelled': {
      subject: "Votre commande {brand} {reference} est annulée",
      heading: "Votre commande est annulée",
      body: [
        "Comme vous l’avez demandé, votre commande {reference} est annulée.",
        "Le paiement de {total} a été libéré : selon votre banque, il disparaîtra de votre relevé sous quelques jours.",
        "Nous espérons avoir le plaisir de vous accueillir de nouveau.",
      ],
      action: "Voir ma commande",
    },
    'return-request': {
      subject: "Votre demande de retour {brand} – référence {reference}",
      heading: "Nous avons bien reçu votre demande de retour",
      body: [
        "Votre demande {reference} pour la commande {orderNumber} est enregistrée : {items}.",
        "{handover}",
        "{outcome}",
      ],
      action: "Voir ma demande",
    },
    'return-lapsed': {
      subject: "Votre demande de retour {brand} {reference} est clôturée",
      heading: "Votre demande de retour est clôturée",
      body: [
        "Les articles de votre demande {reference} pour la commande {orderNumber} ne nous sont pas parvenus ; la demande est donc clôturée : {items}.",
        "{outcome}",
        "{next}",
      ],
      after: ["Si vous avez déjà envoyé le colis, contactez notre Service Client en indiquant la référence {reference} : nous le retrouverons auprès du transporteur."],
      action: "Voir ma commande",
    },
  },
};
