import type { MailCopy } from '../templates.ts';

export const es: MailCopy = {
  htmlLang: 'es',
  greeting: 'Buenos días, {firstName}:',
  greetingDefault: 'Estimada clienta, estimado cliente:',
  signOff: 'Atentamente,',
  signature: 'El Servicio de Atención al Cliente de {brand}',
  fallbackLink: 'Si el botón no funciona, le rogamos que copie este enlace en su navegador:',
  automatic: 'Este correo electrónico se ha enviado de forma automática; le rogamos que no lo responda.',
  templates: {
    activation: {
      subject: 'Active su cuenta de {brand}',
      heading: 'Le damos la bienvenida a {brand}',
      body: [
        'Le agradecemos que haya creado su cuenta de {brand}.',
        'Para activarla, le rogamos que confirme su dirección de correo electrónico seleccionando el botón siguiente.',
      ],
      action: 'Activar mi cuenta',
      after: ['Si no ha solicitado la creación de esta cuenta, puede ignorar este correo electrónico.'],
    },
    'account-exists': {
      subject: 'Su cuenta de {brand}',
      heading: 'Ya existe una cuenta',
      body: [
        'Se ha solicitado la creación de una cuenta con esta dirección de correo electrónico, que ya está asociada a una cuenta de {brand}.',
        'Puede iniciar sesión con su contraseña habitual.',
      ],
      action: 'Iniciar sesión',
      secondary: { text: 'Si ha olvidado su contraseña, puede elegir una nueva:', label: 'Restablecer mi contraseña' },
      after: ['Si no ha realizado esta solicitud, no es necesario que haga nada.'],
    },
    'account-none': {
      subject: 'Su solicitud a {brand}',
      heading: 'No hay ninguna cuenta asociada a esta dirección',
      body: [
        'Se ha realizado una solicitud relativa a una cuenta de {brand} para esta dirección de correo electrónico. Actualmente no hay ninguna cuenta asociada a ella.',
        'Si lo desea, puede crear una en unos instantes.',
      ],
      action: 'Crear una cuenta',
      after: ['Si no ha realizado esta solicitud, puede ignorar este correo electrónico.'],
    },
    welcome: {
      subject: 'Le damos la bienvenida a {brand}',
      heading: 'Su cuenta ya está activa',
      body: [
        'Es un placer darle la bienvenida a {brand}.',
        'Su cuenta ya está activa. Puede iniciar sesión en cualquier momento para seguir sus pedidos, gestionar sus datos y preferencias y consultar su lista de deseos.',
      ],
      action: 'Iniciar sesión',
    },
    'password-reset': {
      subject: 'Restablezca su contraseña de {brand}',
      heading: 'Restablezca su contraseña',
      body: [
        'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de {brand}.',
        'Para elegir una nueva contraseña, le rogamos que seleccione el botón siguiente. Este enlace es válido durante 60 minutos y solo puede utilizarse una vez.',
      ],
      action: 'Elegir una nueva contraseña',
      after: ['Si no ha realizado esta solicitud, puede ignorar este correo electrónico: su contraseña no se modificará.'],
    },
    'account-migration': {
      subject: 'Su cuenta {brand} le espera',
      heading: 'Le damos la bienvenida a nuestro nuevo sitio',
      body: [
        'Ha solicitado trasladar al nuevo sitio de {brand} la cuenta que tenía en nuestro sitio anterior. Su cuenta está lista: se han conservado los datos y las direcciones que había guardado.',
        'Para iniciar sesión, le invitamos a elegir una contraseña seleccionando el botón siguiente. Este enlace es válido durante 7 días y solo puede utilizarse una vez.',
      ],
      action: 'Elegir mi contraseña',
      after: ['Si no ha realizado esta solicitud, puede ignorar este correo electrónico: nadie puede iniciar sesión en su cuenta sin elegir una contraseña mediante este enlace.'],
    },
    'password-changed': {
      subject: 'Se ha modificado su contraseña de {brand}',
      heading: 'Su contraseña se ha modificado',
      body: [
        'Le confirmamos que la contraseña de su cuenta de {brand} acaba de modificarse.',
        'Si ha realizado usted este cambio, no es necesario que haga nada más. En caso contrario, le rogamos que restablezca su contraseña de inmediato y se ponga en contacto con nuestro Servicio de Atención al Cliente.',
      ],
      action: 'Restablecer mi contraseña',
    },
    'newsletter-confirm': {
      subject: 'Confirme su suscripción a la newsletter de {brand}',
      heading: 'Confirme su suscripción',
      body: [
        'Le agradecemos su interés por {brand}.',
        'Para completar su suscripción a nuestra newsletter, le rogamos que confirme su dirección de correo electrónico seleccionando el botón siguiente.',
      ],
      action: 'Confirmar mi suscripción',
      after: ['Si no ha solicitado esta suscripción, puede ignorar este correo electrónico: no se registrará ninguna suscripción.'],
    },
    'newsletter-welcome': {
      subject: 'Le damos la bienvenida a la newsletter de {brand}',
      heading: 'Gracias por su suscripción',
      body: [
        'Su suscripción a la newsletter de {brand} está confirmada.',
        'Descubrirá en primicia nuestras nuevas colecciones, nuestros eventos exclusivos y las novedades de la Casa.',
      ],
      secondary: { text: 'Puede darse de baja en cualquier momento:', label: 'Darse de baja' },
    },
    'contact-ack': {
      subject: 'Su mensaje a {brand} – referencia {reference}',
      heading: 'Gracias por su mensaje',
      body: [
        'Le agradecemos que se haya puesto en contacto con {brand}. Hemos recibido su mensaje relativo a «{subject}».',
        'Uno de nuestros asesores le responderá lo antes posible.',
        'Su referencia: {reference}. Le rogamos que la indique en toda correspondencia posterior.',
      ],
    },
    'store-reservation-ack': {
      subject: 'Su reserva en boutique {brand} – referencia {reference}',
      heading: 'Gracias por su reserva',
      body: [
        'Hemos recibido su solicitud de reserva de «{productName}», {size}, en la boutique {storeName}.',
        'La boutique se la confirmará, normalmente en un plazo de 24 horas, y guardará la pieza para usted durante un máximo de tres días.',
        'Su referencia: {reference}. Le rogamos que la indique en su visita a la boutique.',
      ],
      action: 'Ver la boutique',
    },
    'store-appointment-ack': {
      subject: 'Su solicitud de cita en {brand} – referencia {reference}',
      heading: 'Gracias por su solicitud de cita',
      body: [
        'Hemos recibido su solicitud de cita en la boutique {storeName} el {when}.',
        'Un asesor de la boutique se la confirmará, normalmente en un plazo de 24 horas.',
        'Su referencia: {reference}. Será un placer recibirle.',
      ],
      action: 'Ver la boutique',
    },
    'order-confirmation': {
      subject: "Su pedido {brand} {reference} está confirmado",
      heading: "Gracias por su pedido",
      body: [
        "Hemos recibido su pedido {reference} y su pago. Este es el detalle:",
        "{items}",
        "Total: {total}. {delivery}",
        "Le avisaremos en cuanto salga hacia usted.",
      ],
      action: "Ver mi pedido",
    },
    'order-cancelled': {
      subject: "Su pedido {brand} {reference} ha sido cancelado",
      heading: "Su pedido ha sido cancelado",
      body: [
        "Tal como solicitó, su pedido {reference} ha sido cancelado.",
        "El pago de {total} se ha liberado: según su banco, desaparecerá de su extracto en unos días.",
        "Esperamos darle la bienvenida de nuevo muy pronto.",
      ],
      action: "Ver mi pedido",
    },
    'return-request': {
      subject: "Su solicitud de devolución {brand} – referencia {reference}",
      heading: "Hemos recibido su solicitud de devolución",
      body: [
        "Su solicitud {reference} del pedido {orderNumber} está registrada: {items}.",
        "{handover}",
        "{outcome}",
      ],
      action: "Ver mi solicitud",
    },
    'return-lapsed': {
      subject: "Su solicitud de devolución {brand} {reference} se ha cerrado",
      heading: "Su solicitud de devolución se ha cerrado",
      body: [
        "Los artículos de su solicitud {reference} del pedido {orderNumber} no nos han llegado, por lo que la solicitud se ha cerrado: {items}.",
        "{outcome}",
        "{next}",
      ],
      after: ["Si ya ha enviado el paquete, póngase en contacto con nuestro Servicio de Atención al Cliente indicando la referencia {reference}: lo localizaremos con el transportista."],
      action: "Ver mi pedido",
    },
  },
};
