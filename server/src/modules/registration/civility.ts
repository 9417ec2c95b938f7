import type { Civility, FormLanguage } from './localized.ts';

/**
 * The forms of address offered in each language, in display order. German and Korean have no form for an
 * unmarried woman in current use, so `MS` is not offered there.
 */
const CIVILITY_OPTIONS: Record<FormLanguage, readonly { value: Civility; label: string }[]> = {
  en: [
    { value: 'MR', label: 'Mr' },
    { value: 'MRS', label: 'Mrs' },
    { value: 'MS', label: 'Ms' },
    { value: 'MX', label: 'Mx' },
  ],
  fr: [
    { value: 'MR', label: 'M.' },
    { value: 'MRS', label: 'Mme' },
    { value: 'MS', label: 'Mlle' },
    { value: 'MX', label: 'Mx' },
  ],
  de: [
    { value: 'MR', label: 'Herr' },
    { value: 'MRS', label: 'Frau' },
    { value: 'MX', label: 'Divers' },
  ],
  it: [
    { value: 'MR', label: 'Sig.' },
    { value: 'MRS', label: 'Sig.ra' },
    { value: 'MS', label: 'Sig.na' },
    { value: 'MX', label: 'Preferisco non indicarlo' },
  ],
  es: [
    { value: 'MR', label: 'Sr.' },
    { value: 'MRS', label: 'Sra.' },
    { value: 'MS', label: 'Srta.' },
    { value: 'MX', label: 'Prefiero no indicarlo' },
  ],
  pt: [
    { value: 'MR', label: 'Sr.' },
    { value: 'MRS', label: 'Sra.' },
    { value: 'MS', label: 'Srta.' },
    { value: 'MX', label: 'Prefiro não informar' },
  ],
  ja: [
    { value: 'MR', label: '様（男性）' },
    { value: 'MRS', label: '様（女性）' },
    { value: 'MS', label: '様' },
    { value: 'MX', label: '様（指定なし）' },
  ],
  ko: [
    { value: 'MR', label: '남성' },
    { value: 'MRS', label: '여성' },
    { value: 'MX', label: '선택 안 함' },
  ],
  zh: [
    { value: 'MR', label: '先生' },
    { value: 'MRS', label: '女士' },
    { value: 'MS', label: '小姐' },
    { value: 'MX', label: '不指定' },
  ],
  'zh-hant': [
    { value: 'MR', label: '先生' },
    { value: 'MRS', label: '女士' },
    { value: 'MS', label: '小姐' },
    { value: 'MX', label: '不指定' },
  ],
};

/** North American English writes the abbreviations with a full stop. */
const NORTH_AMERICA = new Set(['US', 'CA']);

export function civilityOptions(country: string, language: FormLanguage): { value: Civility; label: string }[] {
  const options = CIVILITY_OPTIONS[language];
  return language === 'en' && NORTH_AMERICA.has(country)
    ? options.map((o) => ({ value: o.value, label: `${o.label}.` }))
    : options.map((o) => ({ ...o }));
}
