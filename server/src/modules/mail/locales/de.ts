import type { MailCopy } from '../templates.ts';

export const de: MailCopy = {
  htmlLang: 'de',
  greeting: 'Guten Tag {firstName},',
  greetingDefault: 'Sehr geehrte Kundin, sehr geehrter Kunde,',
  signOff: 'Mit freundlichen Grüßen',
  signature: 'Ihr Kundenservice von {brand}',
  fallbackLink: 'Sollte die Schaltfläche nicht funktionieren, kopieren Sie bitte diesen Link in Ihren Browser:',
  automatic: 'Diese E-Mail wurde automatisch versandt; bitte antworten Sie nicht darauf.',
  templates: {
    activation: {
      subject: 'Aktivieren Sie Ihr Kundenkonto bei {brand}',
      heading: 'Willkommen bei {brand}',
      body: [
        'Vielen Dank, dass Sie ein Kundenkonto bei {brand} erstellt haben.',
        'Um es zu aktivieren, bestätigen Sie bitte Ihre E-Mail-Adresse über die Schaltfläche unten.',
      ],
      action: 'Konto aktivieren',
      after: ['Falls Sie kein Kundenkonto angelegt haben, können Sie diese E-Mail einfach ignorieren.'],
    },
    'account-exists': {
      subject: 'Ihr Kundenkonto bei {brand}',
      heading: 'Es besteht bereits ein Kundenkonto',
      body: [
        'Mit dieser E-Mail-Adresse wurde die Erstellung eines Kundenkontos angefragt. Sie ist jedoch bereits mit einem Kundenkonto bei {brand} verknüpft.',
        'Sie können sich mit Ihrem bisherigen Passwort anmelden.',
      ],
      action: 'Anmelden',
      secondary: { text: 'Sollten Sie Ihr Passwort vergessen haben, können Sie ein neues festlegen:', label: 'Passwort zurücksetzen' },
      after: ['Falls Sie diese Anfrage nicht gestellt haben, ist keine weitere Aktion erforderlich.'],
    },
    'account-none': {
      subject: 'Ihre Anfrage bei {brand}',
      heading: 'Mit dieser Adresse ist kein Kundenkonto verknüpft',
      body: [
        'Für diese E-Mail-Adresse wurde eine Anfrage zu einem Kundenkonto bei {brand} gestellt. Derzeit ist mit dieser Adresse kein Kundenkonto verknüpft.',
        'Wenn Sie möchten, können Sie in wenigen Augenblicken ein Kundenkonto erstellen.',
      ],
      action: 'Konto erstellen',
      after: ['Falls Sie diese Anfrage nicht gestellt haben, können Sie diese E-Mail einfach ignorieren.'],
    },
    welcome: {
      subject: 'Willkommen bei {brand}',
      heading: 'Ihr Kundenkonto ist jetzt aktiv',
      body: [
        'Wir freuen uns, Sie bei {brand} begrüßen zu dürfen.',
        'Ihr Kundenkonto ist jetzt aktiv. Sie können sich jederzeit anmelden, um Ihre Bestellungen zu verfolgen, Ihre Daten und Präferenzen zu verwalten und Ihre Wunschliste aufzurufen.',
      ],
      action: 'Anmelden',
    },
    'password-reset': {
      subject: 'Setzen Sie Ihr Passwort bei {brand} zurück',
      heading: 'Passwort zurücksetzen',
      body: [
        'Wir haben eine Anfrage zum Zurücksetzen des Passworts Ihres Kundenkontos bei {brand} erhalten.',
        'Um ein neues Passwort festzulegen, wählen Sie bitte die Schaltfläche unten. Dieser Link ist 60 Minuten gültig und kann nur einmal verwendet werden.',
      ],
      action: 'Neues Passwort festlegen',
      after: ['Falls Sie diese Anfrage nicht gestellt haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.'],
    },
    'account-migration': {
      subject: 'Ihr Kundenkonto bei {brand} erwartet Sie',
      heading: 'Willkommen auf unserer neuen Website',
      body: [
        'Sie haben darum gebeten, Ihr Kundenkonto unserer früheren Website auf die neue Website von {brand} zu übernehmen. Ihr Konto ist bereit: Die dort gespeicherten Angaben und Adressen wurden übernommen.',
        'Um sich anzumelden, wählen Sie bitte über die Schaltfläche unten ein Passwort. Dieser Link ist 7 Tage gültig und kann nur einmal verwendet werden.',
      ],
      action: 'Passwort wählen',
      after: ['Falls Sie diese Anfrage nicht gestellt haben, können Sie diese E-Mail ignorieren: Ohne ein über diesen Link gewähltes Passwort kann sich niemand bei Ihrem Konto anmelden.'],
    },
    'password-changed': {
      subject: 'Ihr Passwort bei {brand} wurde geändert',
      heading: 'Ihr Passwort wurde geändert',
      body: [
        'Wir bestätigen Ihnen, dass das Passwort Ihres Kundenkontos bei {brand} soeben geändert wurde.',
        'Wenn Sie diese Änderung vorgenommen haben, ist keine weitere Aktion erforderlich. Andernfalls setzen Sie Ihr Passwort bitte umgehend zurück und wenden Sie sich an unseren Kundenservice.',
      ],
      action: 'Passwort zurücksetzen',
    },
    'newsletter-confirm': {
      subject: 'Bitte bestätigen Sie Ihre Anmeldung zum Newsletter von {brand}',
      heading: 'Bestätigen Sie Ihre Anmeldung',
      body: [
        'Vielen Dank für Ihr Interesse an {brand}.',
        'Um Ihre Anmeldung zu unserem Newsletter abzuschließen, bestätigen Sie bitte Ihre E-Mail-Adresse über die Schaltfläche unten.',
      ],
      action: 'Anmeldung bestätigen',
      after: ['Falls Sie diese Anmeldung nicht angefordert haben, können Sie diese E-Mail ignorieren: Es wird keine Anmeldung gespeichert.'],
    },
    'newsletter-welcome': {
      subject: 'Willkommen beim Newsletter von {brand}',
      heading: 'Vielen Dank für Ihre Anmeldung',
      body: [
        'Ihre Anmeldung zum Newsletter von {brand} ist bestätigt.',
        'Sie gehören zu den Ersten, die unsere neuen Kollektionen, exklusiven Veranstaltungen und Neuigkeiten aus dem Haus entdecken.',
      ],
      secondary: { text: 'Sie können sich jederzeit abmelden:', label: 'Abmelden' },
    },
    'contact-ack': {
      subject: 'Ihre Nachricht an {brand} – Referenz {reference}',
      heading: 'Vielen Dank für Ihre Nachricht',
      body: [
        'Vielen Dank, dass Sie sich an {brand} gewandt haben. Wir haben Ihre Nachricht zum Thema „{subject}“ erhalten.',
        'Eine Beraterin oder ein Berater unseres Kundenservice wird Ihnen so bald wie möglich antworten.',
        'Ihre Referenz: {reference}. Bitte geben Sie diese bei weiterer Korrespondenz an.',
      ],
    },
    'store-reservation-ack': {
      subject: 'Ihre Reservierung bei {brand} – Referenz {reference}',
      heading: 'Vielen Dank für Ihre Reservierung',
      body: [
        'Wir haben Ihre Anfrage erhalten, „{productName}“, {size}, in der Boutique {storeName} für Sie zu reservieren.',
        'Die Boutique wird Ihnen die Reservierung in der Regel innerhalb von 24 Stunden bestätigen und das Stück anschließend bis zu drei Tage für Sie zurücklegen.',
        'Ihre Referenz: {reference}. Bitte geben Sie diese bei Ihrem Besuch in der Boutique an.',
      ],
      action: 'Zur Boutique',
    },
    'store-appointment-ack': {
      subject: 'Ihre Terminanfrage bei {brand} – Referenz {reference}',
      heading: 'Vielen Dank für Ihre Terminanfrage',
      body: [
        'Wir haben Ihre Anfrage für einen Termin in der Boutique {storeName} am {when} erhalten.',
        'Ein Kundenberater der Boutique wird Ihnen den Termin in der Regel innerhalb von 24 Stunden bestätigen.',
        'Ihre Referenz: {reference}. Wir freuen uns darauf, Sie begrüßen zu dürfen.',
      ],
      action: 'Zur Boutique',
    },
    'order-confirmation': {
      subject: "Ihre {brand} Bestellung {reference} ist bestätigt",
      heading: "Vielen Dank für Ihre Bestellung",
      body: [
        "Wir haben Ihre Bestellung {reference} und Ihre Zahlung erhalten. Ihre Bestellung:",
        "{items}",
        "Gesamtbetrag: {total}. {delivery}",
        "Wir benachrichtigen Sie, sobald sie versandt wird.",
      ],
      action: "Meine Bestellung ansehen",
    },
    'order-cancelled': {
      subject: "Ihre {brand} Bestellung {reference} wurde storniert",
      heading: "Ihre Bestellung wurde storniert",
      body: [
        "Wie gewünscht wurde Ihre Bestellung {reference} storniert.",
        "Die Zahlung von {total} wurde freigegeben; je nach Bank verschwindet sie innerhalb weniger Tage von Ihrem Konto.",
        "Wir freuen uns, Sie bald wieder begrüßen zu dürfen.",
      ],
      action: "Meine Bestellung ansehen",
    },
    'return-request': {
      subject: "Ihre Rücksendeanfrage bei {brand} – Referenz {reference}",
      heading: "Wir haben Ihre Rücksendeanfrage erhalten",
      body: [
        "Ihre Anfrage {reference} zur Bestellung {orderNumber} ist registriert: {items}.",
        "{handover}",
        "{outcome}",
      ],
      action: "Meine Anfrage ansehen",
    },
    'return-lapsed': {
      subject: "Ihre {brand} Rücksendeanfrage {reference} wurde geschlossen",
      heading: "Ihre Rücksendeanfrage wurde geschlossen",
      body: [
        "Die Artikel Ihrer Anfrage {reference} zur Bestellung {orderNumber} sind nicht bei uns eingegangen; die Anfrage ist daher geschlossen: {items}.",
        "{outcome}",
        "{next}",
      ],
      after: ["Falls Sie das Paket bereits versandt haben, wenden Sie sich bitte unter Angabe der Referenz {reference} an unseren Kundenservice: Wir verfolgen es beim Versanddienst."],
      action: "Meine Bestellung ansehen",
    },
  },
};
