// Titles of the account pages (the head's <title>) and the signed-out page, in every storefront language.
import { textsOf, type TextTable } from '../../shared/text-language.ts';

export type AccountPageKey =
  | 'signIn'
  | 'signUp'
  | 'logout'
  | 'dashboard'
  | 'profile'
  | 'information'
  | 'addressBook'
  | 'newAddress'
  | 'editAddress'
  | 'editPassword'
  | 'resetPassword'
  | 'activate';

interface Texts {
  titles: Record<AccountPageKey, string>;
  loggedOutMessage: string;
  home: string;
  signInAgain: string;
  sections: { dashboard: string; information: string; profile: string; addressBook: string; password: string; orders: string };
}

const TEXTS: TextTable<Texts> = {
  en: {
    titles: { signIn: 'Sign in', signUp: 'Create an account', logout: 'You are signed out', dashboard: 'My account', profile: 'Preferences', information: 'Personal information', addressBook: 'Address book', newAddress: 'New address', editAddress: 'Edit address', editPassword: 'Password', resetPassword: 'Choose a new password', activate: 'Account activation' },
    loggedOutMessage: 'You have been signed out securely. We look forward to welcoming you back.',
    home: 'Continue shopping',
    signInAgain: 'Sign in again',
    sections: { dashboard: 'Overview', information: 'Personal information', profile: 'Preferences', addressBook: 'Address book', password: 'Password', orders: 'Orders' },
  },
  fr: {
    titles: { signIn: 'Connexion', signUp: 'Créer un compte', logout: 'Vous êtes déconnecté', dashboard: 'Mon compte', profile: 'Préférences', information: 'Informations personnelles', addressBook: 'Carnet d’adresses', newAddress: 'Nouvelle adresse', editAddress: 'Modifier l’adresse', editPassword: 'Mot de passe', resetPassword: 'Choisir un nouveau mot de passe', activate: 'Activation du compte' },
    loggedOutMessage: 'Vous avez été déconnecté en toute sécurité. Nous serons ravis de vous accueillir à nouveau.',
    home: 'Poursuivre vos achats',
    signInAgain: 'Se reconnecter',
    sections: { dashboard: 'Vue d’ensemble', information: 'Informations personnelles', profile: 'Préférences', addressBook: 'Carnet d’adresses', password: 'Mot de passe', orders: 'Commandes' },
  },
  de: {
    titles: { signIn: 'Anmelden', signUp: 'Konto erstellen', logout: 'Sie sind abgemeldet', dashboard: 'Mein Konto', profile: 'Präferenzen', information: 'Persönliche Daten', addressBook: 'Adressbuch', newAddress: 'Neue Adresse', editAddress: 'Adresse bearbeiten', editPassword: 'Passwort', resetPassword: 'Neues Passwort wählen', activate: 'Kontoaktivierung' },
    loggedOutMessage: 'Sie wurden sicher abgemeldet. Wir freuen uns auf Ihren nächsten Besuch.',
    home: 'Weiter einkaufen',
    signInAgain: 'Erneut anmelden',
    sections: { dashboard: 'Übersicht', information: 'Persönliche Daten', profile: 'Präferenzen', addressBook: 'Adressbuch', password: 'Passwort', orders: 'Bestellungen' },
  },
  es: {
    titles: { signIn: 'Iniciar sesión', signUp: 'Crear una cuenta', logout: 'Ha cerrado sesión', dashboard: 'Mi cuenta', profile: 'Preferencias', information: 'Información personal', addressBook: 'Libreta de direcciones', newAddress: 'Nueva dirección', editAddress: 'Editar dirección', editPassword: 'Contraseña', resetPassword: 'Elija una nueva contraseña', activate: 'Activación de la cuenta' },
    loggedOutMessage: 'Ha cerrado sesión de forma segura. Será un placer recibirle de nuevo.',
    home: 'Seguir comprando',
    signInAgain: 'Volver a iniciar sesión',
    sections: { dashboard: 'Resumen', information: 'Información personal', profile: 'Preferencias', addressBook: 'Libreta de direcciones', password: 'Contraseña', orders: 'Pedidos' },
  },
  it: {
    titles: { signIn: 'Accedi', signUp: 'Crea un account', logout: 'Disconnessione effettuata', dashboard: 'Il mio account', profile: 'Preferenze', information: 'Dati personali', addressBook: 'Rubrica indirizzi', newAddress: 'Nuovo indirizzo', editAddress: 'Modifica indirizzo', editPassword: 'Password', resetPassword: 'Scelga una nuova password', activate: 'Attivazione dell’account' },
    loggedOutMessage: 'La disconnessione è avvenuta in sicurezza. Saremo lieti di accoglierLa di nuovo.',
    home: 'Continua lo shopping',
    signInAgain: 'Accedi di nuovo',
    sections: { dashboard: 'Panoramica', information: 'Dati personali', profile: 'Preferenze', addressBook: 'Rubrica indirizzi', password: 'Password', orders: 'Ordini' },
  },
  ja: {
    titles: { signIn: 'ログイン', signUp: 'アカウント作成', logout: 'ログアウトしました', dashboard: 'マイアカウント', profile: '設定', information: 'お客様情報', addressBook: 'アドレス帳', newAddress: '新しい住所', editAddress: '住所の編集', editPassword: 'パスワード', resetPassword: '新しいパスワードの設定', activate: 'アカウントの有効化' },
    loggedOutMessage: '安全にログアウトしました。またのご来店を心よりお待ちしております。',
    home: 'ショッピングを続ける',
    signInAgain: '再度ログイン',
    sections: { dashboard: '概要', information: 'お客様情報', profile: '設定', addressBook: 'アドレス帳', password: 'パスワード', orders: 'ご注文' },
  },
  ko: {
    titles: { signIn: '로그인', signUp: '계정 만들기', logout: '로그아웃되었습니다', dashboard: '내 계정', profile: '환경설정', information: '개인 정보', addressBook: '주소록', newAddress: '새 주소', editAddress: '주소 수정', editPassword: '비밀번호', resetPassword: '새 비밀번호 설정', activate: '계정 활성화' },
    loggedOutMessage: '안전하게 로그아웃되었습니다. 다시 찾아주시기를 기다리겠습니다.',
    home: '쇼핑 계속하기',
    signInAgain: '다시 로그인',
    sections: { dashboard: '개요', information: '개인 정보', profile: '환경설정', addressBook: '주소록', password: '비밀번호', orders: '주문 내역' },
  },
  pt: {
    titles: { signIn: 'Entrar', signUp: 'Criar uma conta', logout: 'Você saiu da sua conta', dashboard: 'Minha conta', profile: 'Preferências', information: 'Dados pessoais', addressBook: 'Catálogo de endereços', newAddress: 'Novo endereço', editAddress: 'Editar endereço', editPassword: 'Senha', resetPassword: 'Escolha uma nova senha', activate: 'Ativação da conta' },
    loggedOutMessage: 'Você saiu da sua conta com segurança. Será um prazer recebê-lo novamente.',
    home: 'Continuar comprando',
    signInAgain: 'Entrar novamente',
    sections: { dashboard: 'Visão geral', information: 'Dados pessoais', profile: 'Preferências', addressBook: 'Catálogo de endereços', password: 'Senha', orders: 'Pedidos' },
  },
  zh: {
    titles: { signIn: '登录', signUp: '创建账户', logout: '您已退出登录', dashboard: '我的账户', profile: '偏好设置', information: '个人信息', addressBook: '地址簿', newAddress: '新地址', editAddress: '编辑地址', editPassword: '密码', resetPassword: '设置新密码', activate: '激活账户' },
    loggedOutMessage: '您已安全退出登录。期待您的再次光临。',
    home: '继续购物',
    signInAgain: '重新登录',
    sections: { dashboard: '概览', information: '个人信息', profile: '偏好设置', addressBook: '地址簿', password: '密码', orders: '订单' },
  },
  'zh-hant': {
    titles: { signIn: '登入', signUp: '建立帳戶', logout: '您已登出', dashboard: '我的帳戶', profile: '偏好設定', information: '個人資料', addressBook: '通訊錄', newAddress: '新增地址', editAddress: '編輯地址', editPassword: '密碼', resetPassword: '設定新密碼', activate: '啟用帳戶' },
    loggedOutMessage: '您已安全登出。期待再次為您服務。',
    home: '繼續購物',
    signInAgain: '再次登入',
    sections: { dashboard: '總覽', information: '個人資料', profile: '偏好設定', addressBook: '通訊錄', password: '密碼', orders: '訂單' },
  },
};

export function accountTexts(locale: string): Texts {
  return textsOf(TEXTS, locale);
}
