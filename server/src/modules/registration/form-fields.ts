import type { Schemas } from '../../shared/http.ts';
import { L, type DateFormat, type FieldName, type FieldType, type FormLanguage, type Localized } from './localized.ts';

// Which fields a market's registration form shows, in which order, which it requires, how dates are written,
// the country's label, and the storefront's own field.

export interface FieldSpec {
  type: FieldType;
  maxLength?: number;
  label: Localized;
}

export const FIELDS: Record<FieldName, FieldSpec> = {
  civility: {
    type: 'select',
    label: L('Title', 'Civilité', 'Anrede', 'Titolo', 'Tratamiento', 'Tratamento', '敬称', '호칭', '称谓', '稱謂'),
  },
  firstName: {
    type: 'text',
    maxLength: 50,
    label: L('First name', 'Prénom', 'Vorname', 'Nome', 'Nombre', 'Nome', '名', '이름', '名', '名字'),
  },
  lastName: {
    type: 'text',
    maxLength: 50,
    label: L('Last name', 'Nom', 'Nachname', 'Cognome', 'Apellidos', 'Sobrenome', '姓', '성', '姓', '姓氏'),
  },
  firstNameKana: {
    type: 'text',
    maxLength: 50,
    label: L(
      'First name (katakana)',
      'Prénom (katakana)',
      'Vorname (Katakana)',
      'Nome (katakana)',
      'Nombre (katakana)',
      'Nome (katakana)',
      'メイ（カナ）',
      '이름 (가타카나)',
      '名（片假名）',
      '名字（片假名）',
    ),
  },
  lastNameKana: {
    type: 'text',
    maxLength: 50,
    label: L(
      'Last name (katakana)',
      'Nom (katakana)',
      'Nachname (Katakana)',
      'Cognome (katakana)',
      'Apellidos (katakana)',
      'Sobrenome (katakana)',
      'セイ（カナ）',
      '성 (가타카나)',
      '姓（片假名）',
      '姓氏（片假名）',
    ),
  },
  emailAddress: {
    type: 'email',
    maxLength: 254,
    label: L(
      'Email address',
      'Adresse e-mail',
      'E-Mail-Adresse',
      'Indirizzo e-mail',
      'Correo electrónico',
      'E-mail',
      'メールアドレス',
      '이메일 주소',
      '电子邮箱',
      '電子郵件地址',
    ),
  },
  password: {
    type: 'password',
    maxLength: 128,
    label: L(
      'Password (at least 12 characters)',
      'Mot de passe (12 caractères minimum)',
      'Passwort (mindestens 12 Zeichen)',
      'Password (almeno 12 caratteri)',
      'Contraseña (12 caracteres como mínimo)',
      'Senha (mínimo de 12 caracteres)',
      'パスワード（12文字以上）',
      '비밀번호 (12자 이상)',
      '密码（至少 12 个字符）',
      '密碼（至少 12 個字元）',
    ),
  },
  phone: {
    type: 'tel',
    maxLength: 16,
    label: L(
      'Phone number',
      'Téléphone',
      'Telefonnummer',
      'Numero di telefono',
      'Teléfono',
      'Telefone',
      '電話番号',
      '전화번호',
      '电话号码',
      '電話號碼',
    ),
  },
  birthDate: {
    type: 'date',
    label: L(
      'Date of birth',
      'Date de naissance',
      'Geburtsdatum',
      'Data di nascita',
      'Fecha de nacimiento',
      'Data de nascimento',
      '生年月日',
      '생년월일',
      '出生日期',
      '出生日期',
    ),
  },
  country: {
    type: 'select',
    label: L(
      'Country/region',
      'Pays/région',
      'Land/Region',
      'Paese/area geografica',
      'País/región',
      'País/região',
      '国/地域',
      '국가/지역',
      '国家/地区',
      '國家/地區',
    ),
  },
};

/** Markets whose registration asks the form of address (customary in formal correspondence there). */
const CIVILITY_REQUIRED = new Set(['FR', 'BE', 'LU', 'MC', 'DE', 'AT', 'CH', 'IT', 'ES']);
/** Japan: names in katakana too, and a phone number (deliveries are booked by phone). */
const KANA_REQUIRED = new Set(['JP']);
const PHONE_REQUIRED = new Set(['JP']);
/** Languages that write the family name first: the form asks it first. */
const FAMILY_NAME_FIRST = new Set<FormLanguage>(['ja', 'ko', 'zh', 'zh-hant']);

/** Spec §9: US MM/dd/yyyy; JP, KR, CA yyyy/MM/dd; otherwise dd/MM/yyyy. */
export function dateFormatOf(country: string): DateFormat {
  if (country === 'US') return 'MM/dd/yyyy';
  if (country === 'JP' || country === 'KR' || country === 'CA') return 'yyyy/MM/dd';
  return 'dd/MM/yyyy';
}

/** The fields of a market's form in display order. */
export function fieldOrder(country: string, language: FormLanguage): FieldName[] {
  const names: FieldName[] = FAMILY_NAME_FIRST.has(language) ? ['lastName', 'firstName'] : ['firstName', 'lastName'];
  const kana: FieldName[] = KANA_REQUIRED.has(country)
    ? FAMILY_NAME_FIRST.has(language)
      ? ['lastNameKana', 'firstNameKana']
      : ['firstNameKana', 'lastNameKana']
    : [];
  return ['civility', ...names, ...kana, 'emailAddress', 'password', 'phone', 'birthDate', 'country'];
}

export function isRequired(name: FieldName, country: string): boolean {
  switch (name) {
    case 'civility':
      return CIVILITY_REQUIRED.has(country);
    case 'firstNameKana':
    case 'lastNameKana':
      return KANA_REQUIRED.has(country);
    case 'phone':
      return PHONE_REQUIRED.has(country);
    case 'birthDate':
      return false;
    default:
      return true;
  }
}

// ---- country -------------------------------------------------------------------------------------

const INTERNATIONAL = L(
  'International',
  'International',
  'International',
  'Internazionale',
  'Internacional',
  'Internacional',
  'インターナショナル',
  '인터내셔널',
  '国际',
  '國際',
);
const regionNames = new Map<FormLanguage, Intl.DisplayNames>();

/** The market's country as its language writes it (`EN`, the international site, has no country). */
export function countryLabel(country: string, language: FormLanguage): string {
  if (country === 'EN') return INTERNATIONAL[language];
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language === 'zh-hant' ? 'zh-Hant' : language], {
      type: 'region',
      fallback: 'none',
    });
    regionNames.set(language, names);
  }
  // `ZH` is the market code of China (spec §3), not an ISO region.
  return names.of(country === 'ZH' ? 'CN' : country) ?? country;
}

// ---- the storefront's own field ------------------------------------------------------------------

/** "Mostly interested in" (spec §3 gender codes: D women, U men): asked by the storefront's sign-up form only. */
export function genderPreferenceField(language: FormLanguage): Schemas['RegisterField'] {
  const label = L(
    'I am mostly interested in',
    'Je m’intéresse surtout à',
    'Ich interessiere mich vor allem für',
    'Mi interessa soprattutto',
    'Me interesa sobre todo',
    'Tenho mais interesse em',
    '主にご覧になるカテゴリー',
    '주로 관심 있는 컬렉션',
    '我主要感兴趣的是',
    '我主要感興趣的是',
  );
  const women = L('Women', 'Femme', 'Damen', 'Donna', 'Mujer', 'Feminino', 'ウィメンズ', '여성', '女士', '女士');
  const men = L('Men', 'Homme', 'Herren', 'Uomo', 'Hombre', 'Masculino', 'メンズ', '남성', '男士', '男士');
  return {
    name: 'genderPreference',
    type: 'select',
    required: false,
    label: label[language],
    options: [
      { value: 'D', label: women[language] },
      { value: 'U', label: men[language] },
    ],
  };
}
