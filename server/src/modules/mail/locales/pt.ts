import type { MailCopy } from '../templates.ts';

// Portuguese of Brazil.
export const pt: MailCopy = {
  htmlLang: 'pt-BR',
  greeting: 'Prezado(a) {firstName},',
  greetingDefault: 'Prezado(a) Cliente,',
  signOff: 'Atenciosamente,',
  signature: 'Atendimento ao Cliente {brand}',
  fallbackLink: 'Se o botão não funcionar, pedimos que copie este link no seu navegador:',
  automatic: 'Este e-mail foi enviado automaticamente; pedimos que não o responda.',
  templates: {
    activation: {
      subject: 'Ative sua conta {brand}',
      heading: 'Boas-vindas à {brand}',
      body: ['Agradecemos por ter criado sua conta {brand}.', 'Para ativá-la, pedimos que confirme seu endereço de e-mail selecionando o botão abaixo.'],
      action: 'Ativar minha conta',
      after: ['Se você não solicitou a criação desta conta, desconsidere este e-mail.'],
    },
    'account-exists': {
      subject: 'Sua conta {brand}',
      heading: 'Já existe uma conta',
      body: [
        'Foi solicitada a criação de uma conta com este endereço de e-mail, que já está associado a uma conta {brand}.',
        'Você pode acessar sua conta com sua senha habitual.',
      ],
      action: 'Acessar minha conta',
      secondary: { text: 'Caso tenha esquecido sua senha, você pode escolher uma nova:', label: 'Redefinir minha senha' },
      after: ['Se você não fez esta solicitação, nenhuma ação é necessária.'],
    },
    'account-none': {
      subject: 'Sua solicitação à {brand}',
      heading: 'Nenhuma conta está associada a este endereço',
      body: [
        'Foi feita uma solicitação referente a uma conta {brand} para este endereço de e-mail. No momento, não há nenhuma conta associada a ele.',
        'Se desejar, você pode criar uma em poucos instantes.',
      ],
      action: 'Criar uma conta',
      after: ['Se você não fez esta solicitação, desconsidere este e-mail.'],
    },
    welcome: {
      subject: 'Boas-vindas à {brand}',
      heading: 'Sua conta está ativa',
      body: [
        'É um prazer receber você na {brand}.',
        'Sua conta está ativa. Você pode acessá-la a qualquer momento para acompanhar seus pedidos, gerenciar seus dados e preferências e consultar sua lista de desejos.',
      ],
      action: 'Acessar minha conta',
    },
    'password-reset': {
      subject: 'Redefina sua senha {brand}',
      heading: 'Redefina sua senha',
      body: [
        'Recebemos uma solicitação para redefinir a senha da sua conta {brand}.',
        'Para escolher uma nova senha, selecione o botão abaixo. Este link é válido por 60 minutos e só pode ser usado uma vez.',
      ],
      action: 'Escolher uma nova senha',
      after: ['Se você não fez esta solicitação, desconsidere este e-mail: sua senha permanece inalterada.'],
    },
    'account-migration': {
      subject: 'Sua conta {brand} espera por você',
      heading: 'Boas-vindas ao nosso novo site',
      body: [
        'Você solicitou trazer para o novo site {brand} a conta que tinha em nosso site anterior. Sua conta está pronta: os dados e endereços que você havia salvo foram mantidos.',
        'Para entrar, escolha uma senha selecionando o botão abaixo. Este link é válido por 7 dias e só pode ser usado uma vez.',
      ],
      action: 'Escolher minha senha',
      after: ['Se você não fez esta solicitação, desconsidere este e-mail: ninguém pode entrar em sua conta sem escolher uma senha por meio deste link.'],
    },
    'password-changed': {
      subject: 'Sua senha {brand} foi alterada',
      heading: 'Sua senha foi alterada',
      body: [
        'Confirmamos que a senha da sua conta {brand} acaba de ser alterada.',
        'Se foi você quem fez essa alteração, nenhuma ação é necessária. Caso contrário, redefina sua senha imediatamente e entre em contato com nosso Atendimento ao Cliente.',
      ],
      action: 'Redefinir minha senha',
    },
    'newsletter-confirm': {
      subject: 'Confirme sua inscrição na newsletter {brand}',
      heading: 'Confirme sua inscrição',
      body: [
        'Agradecemos seu interesse pela {brand}.',
        'Para concluir sua inscrição em nossa newsletter, pedimos que confirme seu endereço de e-mail selecionando o botão abaixo.',
      ],
      action: 'Confirmar minha inscrição',
      after: ['Se você não solicitou esta inscrição, desconsidere este e-mail: nenhuma inscrição será registrada.'],
    },
    'newsletter-welcome': {
      subject: 'Boas-vindas à newsletter {brand}',
      heading: 'Agradecemos sua inscrição',
      body: [
        'Sua inscrição na newsletter {brand} está confirmada.',
        'Você conhecerá em primeira mão nossas novas coleções, nossos eventos exclusivos e as novidades da Maison.',
      ],
      secondary: { text: 'Você pode cancelar sua inscrição a qualquer momento:', label: 'Cancelar inscrição' },
    },
    'contact-ack': {
      subject: 'Sua mensagem à {brand} – referência {reference}',
      heading: 'Agradecemos sua mensagem',
      body: [
        'Agradecemos por entrar em contato com a {brand}. Recebemos sua mensagem sobre “{subject}”.',
        'Um de nossos consultores responderá o mais breve possível.',
        'Sua referência: {reference}. Pedimos que a mencione em qualquer correspondência futura.',
      ],
    },
    'store-reservation-ack': {
      subject: 'Sua reserva na boutique {brand} – referência {reference}',
      heading: 'Obrigado pela sua reserva',
      body: [
        'Recebemos seu pedido de reserva de “{productName}”, {size}, na boutique {storeName}.',
        'A boutique confirmará a reserva com você, normalmente em até 24 horas, e manterá a peça separada por até três dias.',
        'Sua referência: {reference}. Pedimos que a informe ao visitar a boutique.',
      ],
      action: 'Ver a boutique',
    },
    'store-appointment-ack': {
      subject: 'Seu pedido de agendamento na {brand} – referência {reference}',
      heading: 'Obrigado pelo seu pedido de agendamento',
      body: [
        'Recebemos seu pedido de atendimento na boutique {storeName} para {when}.',
        'Um consultor da boutique confirmará o horário com você, normalmente em até 24 horas.',
        'Sua referência: {reference}. Será um prazer receber você.',
      ],
      action: 'Ver a boutique',
    },
    'order-confirmation': {
      subject: "O seu pedido {brand} {reference} está confirmado",
      heading: "Obrigado pelo seu pedido",
      body: [
        "Recebemos o seu pedido {reference} e o seu pagamento. Eis o detalhe:",
        "{items}",
        "Total: {total}. {delivery}",
        "Avisaremos assim que for enviado.",
      ],
      action: "Ver o meu pedido",
    },
    'order-cancelled': {
      subject: "O seu pedido {brand} {reference} foi cancelado",
      heading: "O seu pedido foi cancelado",
      body: [
        "Como solicitou, o seu pedido {reference} foi cancelado.",
        "O pagamento de {total} foi liberado: conforme o seu banco, desaparecerá do extrato em poucos dias.",
        "Esperamos recebê-lo novamente em breve.",
      ],
      action: "Ver o meu pedido",
    },
    'return-request': {
      subject: "Sua solicitação de devolução {brand} – referência {reference}",
      heading: "Recebemos sua solicitação de devolução",
      body: [
        "Sua solicitação {reference} do pedido {orderNumber} foi registrada: {items}.",
        "{handover}",
        "{outcome}",
      ],
      action: "Ver minha solicitação",
    },
    'return-lapsed': {
      subject: "Sua solicitação de devolução {brand} {reference} foi encerrada",
      heading: "Sua solicitação de devolução foi encerrada",
      body: [
        "Os itens da sua solicitação {reference} do pedido {orderNumber} não chegaram até nós; por isso, a solicitação foi encerrada: {items}.",
        "{outcome}",
        "{next}",
      ],
      after: ["Se você já enviou o pacote, entre em contato com nosso Atendimento ao Cliente informando a referência {reference}: nós o localizaremos com a transportadora."],
      action: "Ver meu pedido",
    },
  },
};
