import { L, type ConsentId, type ConsentKind, type Localized } from './localized.ts';

// The consents of each market and their texts, with their versions: a new text after legal review gets a new
// version, so the text and its version change together, here.

export interface ConsentSpec {
  id: ConsentId;
  kind: ConsentKind;
  /** Version of the current text: a decision on another version is stale (ERR_API_1018). */
  version: string;
  /** Needed to create an account. */
  required: boolean;
  label: Localized;
  text: Localized;
  /** The legal page the text refers to (`/legal/{slug}`) and the link's text. */
  link?: { slug: string; label: Localized };
}

export const CONSENTS: Record<ConsentId, ConsentSpec> = {
  privacy_notice: {
    id: 'privacy_notice',
    kind: 'privacyNotice',
    version: '2026-03',
    required: true,
    label: L(
      'I have read the Privacy Policy.',
      'J’ai pris connaissance de la Politique de confidentialité.',
      'Ich habe die Datenschutzerklärung gelesen.',
      'Dichiaro di aver letto l’Informativa sulla privacy.',
      'He leído la Política de privacidad.',
      'Li a Política de privacidade.',
      'プライバシーポリシーに同意します。',
      '개인정보 처리방침을 확인했습니다.',
      '我已阅读隐私政策。',
      '我已閱讀隱私權政策。',
    ),
    text: L(
      'We process your personal data to manage your account, your orders and your requests. You may access, correct or delete your data at any time from your account or by contacting Client Service.',
      'Nous traitons vos données personnelles afin de gérer votre compte, vos commandes et vos demandes. Vous pouvez à tout moment accéder à vos données, les rectifier ou les effacer depuis votre compte ou en contactant le Service Client.',
      'Wir verarbeiten Ihre personenbezogenen Daten, um Ihr Kundenkonto, Ihre Bestellungen und Ihre Anfragen zu verwalten. Sie können jederzeit über Ihr Kundenkonto oder über den Kundenservice Auskunft über Ihre Daten erhalten sowie deren Berichtigung oder Löschung verlangen.',
      'Trattiamo i Suoi dati personali per gestire il Suo account, i Suoi ordini e le Sue richieste. Può accedere ai Suoi dati, rettificarli o cancellarli in qualsiasi momento dal Suo account o contattando il Servizio clienti.',
      'Tratamos sus datos personales para gestionar su cuenta, sus pedidos y sus solicitudes. Puede acceder a sus datos, rectificarlos o suprimirlos en cualquier momento desde su cuenta o contactando con Atención al cliente.',
      'Tratamos seus dados pessoais para gerenciar sua conta, seus pedidos e suas solicitações. Você pode acessar, corrigir ou excluir seus dados a qualquer momento em sua conta ou entrando em contato com o Atendimento ao cliente.',
      'お客様の個人情報は、アカウント、ご注文およびお問い合わせの管理のために利用いたします。アカウントページまたはクライアントサービスにて、いつでも開示・訂正・削除をご請求いただけます。',
      '고객님의 개인정보는 계정, 주문 및 문의 관리를 위해 처리됩니다. 계정 페이지 또는 고객 서비스를 통해 언제든지 개인정보의 열람, 정정 또는 삭제를 요청하실 수 있습니다.',
      '我们处理您的个人信息，用于管理您的账户、订单和咨询。您可随时通过您的账户或联系客户服务查阅、更正或删除您的个人信息。',
      '我們處理您的個人資料，用於管理您的帳戶、訂單與諮詢。您可隨時透過您的帳戶或聯繫客戶服務查閱、更正或刪除您的個人資料。',
    ),
    link: {
      slug: 'privacy-policy',
      label: L(
        'Privacy Policy',
        'Politique de confidentialité',
        'Datenschutzerklärung',
        'Informativa sulla privacy',
        'Política de privacidad',
        'Política de privacidade',
        'プライバシーポリシー',
        '개인정보 처리방침',
        '隐私政策',
        '隱私權政策',
      ),
    },
  },
  terms_of_use: {
    id: 'terms_of_use',
    kind: 'termsOfUse',
    version: '2026-03',
    required: true,
    label: L(
      'I accept the Terms and Conditions.',
      'J’accepte les Conditions générales de vente.',
      'Ich akzeptiere die Allgemeinen Geschäftsbedingungen.',
      'Accetto i Termini e condizioni.',
      'Acepto los Términos y condiciones.',
      'Aceito os Termos e condições.',
      'ご利用規約に同意します。',
      '이용 약관에 동의합니다.',
      '我接受条款与条件。',
      '我接受條款與細則。',
    ),
    text: L(
      'Creating an account means you accept the Terms and Conditions of this website.',
      'La création d’un compte vaut acceptation des Conditions générales de vente du site.',
      'Mit der Erstellung eines Kundenkontos akzeptieren Sie die Allgemeinen Geschäftsbedingungen dieser Website.',
      'La creazione di un account comporta l’accettazione dei Termini e condizioni di questo sito.',
      'La creación de una cuenta implica la aceptación de los Términos y condiciones de este sitio web.',
      'Ao criar uma conta, você aceita os Termos e condições deste site.',
      'アカウントを作成することにより、本サイトのご利用規約に同意したものとみなされます。',
      '계정을 생성하시면 본 웹사이트의 이용 약관에 동의하신 것으로 간주됩니다.',
      '创建账户即表示您接受本网站的条款与条件。',
      '建立帳戶即表示您接受本網站的條款與細則。',
    ),
    link: {
      slug: 'terms-and-conditions',
      label: L(
        'Terms and Conditions',
        'Conditions générales de vente',
        'Allgemeine Geschäftsbedingungen',
        'Termini e condizioni',
        'Términos y condiciones',
        'Termos e condições',
        'ご利用規約',
        '이용 약관',
        '条款与条件',
        '條款與細則',
      ),
    },
  },
  marketing_email: {
    id: 'marketing_email',
    kind: 'marketingEmail',
    version: '2026-03',
    required: false,
    label: L(
      'I would like to receive emails about new collections, events and exclusive services.',
      'Je souhaite recevoir par e-mail les actualités de la Maison : collections, événements et services exclusifs.',
      'Ich möchte E-Mails über neue Kollektionen, Veranstaltungen und exklusive Services erhalten.',
      'Desidero ricevere e-mail su nuove collezioni, eventi e servizi esclusivi.',
      'Deseo recibir correos electrónicos sobre nuevas colecciones, eventos y servicios exclusivos.',
      'Desejo receber e-mails sobre novas coleções, eventos e serviços exclusivos.',
      '新作コレクション、イベント、限定サービスに関するメールを受け取る。',
      '새로운 컬렉션, 이벤트 및 특별 서비스에 관한 이메일을 받겠습니다.',
      '我希望通过电子邮件接收新系列、活动及专属服务的资讯。',
      '我希望透過電子郵件接收新系列、活動及專屬服務的資訊。',
    ),
    text: L(
      'You may unsubscribe at any time with the link at the bottom of each email.',
      'Vous pouvez vous désinscrire à tout moment grâce au lien figurant dans chaque e-mail.',
      'Sie können sich jederzeit über den Link am Ende jeder E-Mail abmelden.',
      'Può annullare l’iscrizione in qualsiasi momento tramite il link presente in fondo a ogni e-mail.',
      'Puede darse de baja en cualquier momento mediante el enlace que figura al final de cada correo electrónico.',
      'Você pode cancelar a inscrição a qualquer momento pelo link no final de cada e-mail.',
      '配信停止は各メール末尾のリンクからいつでも行えます。',
      '각 이메일 하단의 링크를 통해 언제든지 수신을 거부하실 수 있습니다.',
      '您可随时通过每封邮件底部的链接退订。',
      '您可隨時透過每封郵件底部的連結取消訂閱。',
    ),
  },
  marketing_sms: {
    id: 'marketing_sms',
    kind: 'marketingSms',
    version: '2026-03',
    required: false,
    label: L(
      'I would like to receive text messages about new collections and events.',
      'Je souhaite recevoir par SMS les actualités de la Maison : collections et événements.',
      'Ich möchte SMS über neue Kollektionen und Veranstaltungen erhalten.',
      'Desidero ricevere SMS su nuove collezioni ed eventi.',
      'Deseo recibir SMS sobre nuevas colecciones y eventos.',
      'Desejo receber SMS sobre novas coleções e eventos.',
      '新作コレクションやイベントに関するSMSを受け取る。',
      '새로운 컬렉션 및 이벤트에 관한 문자 메시지를 받겠습니다.',
      '我希望通过短信接收新系列及活动资讯。',
      '我希望透過簡訊接收新系列及活動資訊。',
    ),
    text: L(
      'Message and data rates may apply. You may unsubscribe at any time by replying STOP.',
      'Des frais d’envoi de messages et de données peuvent s’appliquer. Vous pouvez vous désinscrire à tout moment en répondant STOP.',
      'Es können Gebühren für Nachrichten und Daten anfallen. Sie können sich jederzeit abmelden, indem Sie mit STOP antworten.',
      'Potrebbero essere applicati costi per messaggi e dati. Può annullare l’iscrizione in qualsiasi momento rispondendo STOP.',
      'Pueden aplicarse tarifas por mensajes y datos. Puede darse de baja en cualquier momento respondiendo STOP.',
      'Podem ser cobradas tarifas de mensagens e dados. Você pode cancelar a inscrição a qualquer momento respondendo STOP.',
      '通信料はお客様のご負担となります。配信停止をご希望の場合は「STOP」とご返信ください。',
      '메시지 및 데이터 요금이 부과될 수 있습니다. 수신을 원하지 않으시면 언제든지 STOP으로 회신해 주십시오.',
      '可能产生短信及数据费用。您可随时回复 STOP 退订。',
      '可能產生簡訊及數據費用。您可隨時回覆 STOP 取消訂閱。',
    ),
  },
  profiling: {
    id: 'profiling',
    kind: 'profiling',
    version: '2026-03',
    required: false,
    label: L(
      'I agree that my preferences may be analysed so that I receive personalised communications.',
      'J’accepte que mes préférences soient analysées afin de recevoir des communications personnalisées.',
      'Ich bin damit einverstanden, dass meine Präferenzen analysiert werden, damit ich personalisierte Mitteilungen erhalte.',
      'Acconsento all’analisi delle mie preferenze per ricevere comunicazioni personalizzate.',
      'Acepto que se analicen mis preferencias para recibir comunicaciones personalizadas.',
      'Concordo que minhas preferências sejam analisadas para receber comunicações personalizadas.',
      'パーソナライズされたご案内をお届けするため、嗜好の分析に同意します。',
      '맞춤형 안내를 받기 위해 본인의 선호도가 분석되는 것에 동의합니다.',
      '我同意对我的偏好进行分析，以便接收个性化信息。',
      '我同意分析我的偏好，以便接收個人化訊息。',
    ),
    text: L(
      'Based on your purchases and browsing. You may withdraw this consent at any time from your account.',
      'Sur la base de vos achats et de votre navigation. Ce consentement peut être retiré à tout moment depuis votre compte.',
      'Auf Grundlage Ihrer Käufe und Ihres Surfverhaltens. Sie können diese Einwilligung jederzeit in Ihrem Kundenkonto widerrufen.',
      'Sulla base dei Suoi acquisti e della Sua navigazione. Può revocare questo consenso in qualsiasi momento dal Suo account.',
      'A partir de sus compras y su navegación. Puede retirar este consentimiento en cualquier momento desde su cuenta.',
      'Com base em suas compras e navegação. Você pode retirar este consentimento a qualquer momento em sua conta.',
      'ご購入履歴および閲覧履歴に基づきます。この同意はアカウントページからいつでも撤回いただけます。',
      '구매 및 열람 기록을 기반으로 합니다. 이 동의는 계정 페이지에서 언제든지 철회하실 수 있습니다.',
      '基于您的购买及浏览记录。您可随时在账户中撤回此同意。',
      '依據您的購買及瀏覽紀錄。您可隨時於帳戶中撤回此同意。',
    ),
  },
};

/** Second paragraph of the e-mail consent where subscriptions are confirmed by e-mail first. */
export const DOUBLE_OPT_IN_NOTE = L(
  'We will send you an email to confirm your subscription.',
  'Nous vous enverrons un e-mail afin de confirmer votre inscription.',
  'Wir senden Ihnen eine E-Mail, um Ihre Anmeldung zu bestätigen.',
  'Le invieremo un’e-mail per confermare la Sua iscrizione.',
  'Le enviaremos un correo electrónico para confirmar su suscripción.',
  'Enviaremos um e-mail para confirmar sua inscrição.',
  'ご登録の確認のため、メールをお送りいたします。',
  '구독 확인을 위해 이메일을 보내 드립니다.',
  '我们将向您发送一封电子邮件以确认订阅。',
  '我們將寄送一封電子郵件以確認您的訂閱。',
);

/** Second paragraph of the privacy notice in the United States (English and Spanish are its languages). */
export const US_PRIVACY_NOTE: Partial<Localized> & { en: string } = {
  en: 'California residents: see the Notice at Collection in our Privacy Policy.',
  es: 'Residentes de California: consulte el Aviso en el momento de la recopilación de nuestra Política de privacidad.',
};

/** Markets where a subscription to marketing e-mail is confirmed from an e-mail first (double opt-in). */
export const DOUBLE_OPT_IN = new Set(['DE', 'AT', 'CH']);
/** Markets where marketing by text message is offered. */
const SMS_MARKETS = new Set([
  'US',
  'CA',
  'BR',
  'MX',
  'GB',
  'AU',
  'NZ',
  'KR',
  'HK',
  'MO',
  'TW',
  'SG',
  'MY',
  'TH',
  'AE',
  'SA',
  'QA',
  'ZH',
]);
/** Markets where profiling needs its own consent (GDPR and the European markets that follow it; Korea's PIPA). */
const PROFILING_MARKETS = new Set([
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SK',
  'KR',
]);

/** The consents of a market, in display order. */
export function consentIdsOf(country: string): ConsentId[] {
  const ids: ConsentId[] = ['privacy_notice', 'terms_of_use', 'marketing_email'];
  if (SMS_MARKETS.has(country)) ids.push('marketing_sms');
  if (PROFILING_MARKETS.has(country)) ids.push('profiling');
  return ids;
}
