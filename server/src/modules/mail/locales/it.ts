import type { MailCopy } from '../templates.ts';

export const it: MailCopy = {
  htmlLang: 'it',
  greeting: 'Gentile {firstName},',
  greetingDefault: 'Gentile Cliente,',
  signOff: 'Cordiali saluti,',
  signature: 'Il Servizio Clienti {brand}',
  fallbackLink: 'Se il pulsante non dovesse funzionare, La preghiamo di copiare questo link nel Suo browser:',
  automatic: 'Questa e-mail è stata inviata automaticamente; La preghiamo di non rispondere.',
  templates: {
    activation: {
      subject: 'Attivi il Suo account {brand}',
      heading: 'Le diamo il benvenuto in {brand}',
      body: [
        'La ringraziamo per aver creato il Suo account {brand}.',
        'Per attivarlo, La invitiamo a confermare il Suo indirizzo e-mail selezionando il pulsante qui sotto.',
      ],
      action: 'Attiva il mio account',
      after: ['Se non ha richiesto la creazione di questo account, può ignorare questa e-mail.'],
    },
    'account-exists': {
      subject: 'Il Suo account {brand}',
      heading: 'Esiste già un account',
      body: [
        'È stata richiesta la creazione di un account con questo indirizzo e-mail, che risulta già associato a un account {brand}.',
        'Può accedere con la Sua password abituale.',
      ],
      action: 'Accedi',
      secondary: { text: 'Se ha dimenticato la password, può sceglierne una nuova:', label: 'Reimposta la password' },
      after: ['Se non ha effettuato questa richiesta, non è necessaria alcuna azione da parte Sua.'],
    },
    'account-none': {
      subject: 'La Sua richiesta a {brand}',
      heading: 'Nessun account è associato a questo indirizzo',
      body: [
        'È stata effettuata una richiesta relativa a un account {brand} per questo indirizzo e-mail. Al momento non vi è associato alcun account.',
        'Se lo desidera, può crearne uno in pochi istanti.',
      ],
      action: 'Crea un account',
      after: ['Se non ha effettuato questa richiesta, può ignorare questa e-mail.'],
    },
    welcome: {
      subject: 'Le diamo il benvenuto in {brand}',
      heading: 'Il Suo account è ora attivo',
      body: [
        'Siamo lieti di darLe il benvenuto in {brand}.',
        'Il Suo account è ora attivo. Può accedere in qualsiasi momento per seguire i Suoi ordini, gestire i Suoi dati e le Sue preferenze e consultare la Sua lista dei desideri.',
      ],
      action: 'Accedi',
    },
    'password-reset': {
      subject: 'Reimposti la password del Suo account {brand}',
      heading: 'Reimposti la Sua password',
      body: [
        'Abbiamo ricevuto una richiesta di reimpostazione della password del Suo account {brand}.',
        'Per scegliere una nuova password, La invitiamo a selezionare il pulsante qui sotto. Questo link è valido per 60 minuti e può essere utilizzato una sola volta.',
      ],
      action: 'Scegli una nuova password',
      after: ['Se non ha effettuato questa richiesta, può ignorare questa e-mail: la Sua password resterà invariata.'],
    },
    'account-migration': {
      subject: 'Il Suo account {brand} La attende',
      heading: 'Le diamo il benvenuto sul nostro nuovo sito',
      body: [
        'Ha chiesto di trasferire sul nuovo sito {brand} l’account che aveva sul nostro sito precedente. Il Suo account è pronto: i dati e gli indirizzi che aveva salvato sono stati ripresi.',
        'Per accedere, La invitiamo a scegliere una password selezionando il pulsante qui sotto. Questo link è valido per 7 giorni e può essere utilizzato una sola volta.',
      ],
      action: 'Scegliere la password',
      after: ['Se non ha effettuato questa richiesta, può ignorare questa e-mail: nessuno può accedere al Suo account senza scegliere una password tramite questo link.'],
    },
    'password-changed': {
      subject: 'La password del Suo account {brand} è stata modificata',
      heading: 'La Sua password è stata modificata',
      body: [
        'Le confermiamo che la password del Suo account {brand} è appena stata modificata.',
        'Se ha effettuato Lei questa modifica, non è necessaria alcuna azione. In caso contrario, La invitiamo a reimpostare immediatamente la password e a contattare il nostro Servizio Clienti.',
      ],
      action: 'Reimposta la password',
    },
    'newsletter-confirm': {
      subject: 'Confermi la Sua iscrizione alla newsletter {brand}',
      heading: 'Confermi la Sua iscrizione',
      body: [
        'La ringraziamo per il Suo interesse verso {brand}.',
        'Per completare l’iscrizione alla nostra newsletter, La invitiamo a confermare il Suo indirizzo e-mail selezionando il pulsante qui sotto.',
      ],
      action: 'Conferma l’iscrizione',
      after: ['Se non ha richiesto questa iscrizione, può ignorare questa e-mail: nessuna iscrizione verrà registrata.'],
    },
    'newsletter-welcome': {
      subject: 'La Sua iscrizione alla newsletter {brand}',
      heading: 'Grazie per la Sua iscrizione',
      body: [
        'La Sua iscrizione alla newsletter {brand} è confermata.',
        'Scoprirà in anteprima le nostre nuove collezioni, gli eventi esclusivi e le novità della Maison.',
      ],
      secondary: { text: 'Può annullare l’iscrizione in qualsiasi momento:', label: 'Annulla l’iscrizione' },
    },
    'contact-ack': {
      subject: 'Il Suo messaggio a {brand} – riferimento {reference}',
      heading: 'Grazie per il Suo messaggio',
      body: [
        'La ringraziamo per aver contattato {brand}. Abbiamo ricevuto il Suo messaggio relativo a «{subject}».',
        'Uno dei nostri consulenti Le risponderà il prima possibile.',
        'Il Suo riferimento: {reference}. La preghiamo di indicarlo in ogni eventuale comunicazione successiva.',
      ],
    },
    'store-reservation-ack': {
      subject: 'La Sua prenotazione in boutique {brand} – riferimento {reference}',
      heading: 'Grazie per la Sua prenotazione',
      body: [
        'Abbiamo ricevuto la Sua richiesta di prenotare «{productName}», {size}, presso la boutique {storeName}.',
        'La boutique Le confermerà la prenotazione, generalmente entro 24 ore, e terrà quindi il capo a Sua disposizione per un massimo di tre giorni.',
        'Il Suo riferimento: {reference}. La preghiamo di indicarlo in occasione della Sua visita in boutique.',
      ],
      action: 'Scopri la boutique',
    },
    'store-appointment-ack': {
      subject: 'La Sua richiesta di appuntamento {brand} – riferimento {reference}',
      heading: 'Grazie per la Sua richiesta di appuntamento',
      body: [
        'Abbiamo ricevuto la Sua richiesta di appuntamento presso la boutique {storeName} per {when}.',
        'Un consulente della boutique Le confermerà l’appuntamento, generalmente entro 24 ore.',
        'Il Suo riferimento: {reference}. Saremo lieti di accoglierLa.',
      ],
      action: 'Scopri la boutique',
    },
    'order-confirmation': {
      subject: "Il suo ordine {brand} {reference} è confermato",
      heading: "Grazie per il suo ordine",
      body: [
        "Abbiamo ricevuto il suo ordine {reference} e il pagamento. Ecco il dettaglio:",
        "{items}",
        "Totale: {total}. {delivery}",
        "La avviseremo non appena sarà spedito.",
      ],
      action: "Vedi il mio ordine",
    },
    'order-cancelled': {
      subject: "Il suo ordine {brand} {reference} è stato annullato",
      heading: "Il suo ordine è stato annullato",
      body: [
        "Come richiesto, il suo ordine {reference} è stato annullato.",
        "Il pagamento di {total} è stato sbloccato: a seconda della sua banca, scomparirà dall’estratto conto in pochi giorni.",
        "Speriamo di accoglierla di nuovo presto.",
      ],
      action: "Vedi il mio ordine",
    },
    'return-request': {
      subject: "La sua richiesta di reso {brand} – riferimento {reference}",
      heading: "Abbiamo ricevuto la sua richiesta di reso",
      body: [
        "La sua richiesta {reference} per l’ordine {orderNumber} è registrata: {items}.",
        "{handover}",
        "{outcome}",
      ],
      action: "Vedi la mia richiesta",
    },
    'return-lapsed': {
      subject: "La sua richiesta di reso {brand} {reference} è stata chiusa",
      heading: "La sua richiesta di reso è stata chiusa",
      body: [
        "Gli articoli della richiesta {reference} per l’ordine {orderNumber} non ci sono pervenuti, pertanto la richiesta è stata chiusa: {items}.",
        "{outcome}",
        "{next}",
      ],
      after: ["Se ha già spedito il pacco, contatti il nostro Servizio Clienti indicando il riferimento {reference}: lo rintracceremo presso il corriere."],
      action: "Visualizza il mio ordine",
    },
  },
};
