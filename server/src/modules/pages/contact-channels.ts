// Demo data of the client service desks: which channels each market offers, its phone numbers and
// opening hours (the desk's local time). Reference data of client service, not content: it changes with
// staffing, not with publication.
import type { ContentLanguage } from '../../../../reference/content-language.ts';
import type { Schemas } from '../../shared/http.ts';
import { perLanguage } from '../../locales/index.ts';

type Channel = Schemas['ContactChannel'];
type Days = 'weekdays' | 'mon-sat' | 'everyday';
interface Hours {
  days: Days;
  from: string;
  to: string;
  timeZone: string;
}
interface Desk {
  /** E.164 phone number of the desk. */
  phone: string;
  hours: Hours;
  whatsapp?: string;
  chat?: boolean;
}

const paris: Hours = { days: 'mon-sat', from: '10:00', to: '19:00', timeZone: 'Europe/Paris' };
const DESKS: Record<string, Desk> = {
  US: {
    phone: '+12129803030',
    hours: { days: 'mon-sat', from: '09:00', to: '21:00', timeZone: 'America/New_York' },
    chat: true,
  },
  CA: {
    phone: '+18669843030',
    hours: { days: 'mon-sat', from: '09:00', to: '21:00', timeZone: 'America/Toronto' },
    chat: true,
  },
  BR: {
    phone: '+551130403030',
    hours: { days: 'weekdays', from: '09:00', to: '18:00', timeZone: 'America/Sao_Paulo' },
    whatsapp: '+5511930403030',
  },
  MX: {
    phone: '+525550903030',
    hours: { days: 'weekdays', from: '09:00', to: '18:00', timeZone: 'America/Mexico_City' },
    whatsapp: '+5215550903030',
  },
  GB: {
    phone: '+442074931800',
    hours: { days: 'mon-sat', from: '09:00', to: '18:00', timeZone: 'Europe/London' },
    whatsapp: '+447700903030',
    chat: true,
  },
  IE: {
    phone: '+35315133030',
    hours: { days: 'weekdays', from: '09:00', to: '18:00', timeZone: 'Europe/Dublin' },
    chat: true,
  },
  FR: { phone: '+33142657459', hours: paris, whatsapp: '+33644603030', chat: true },
  MC: { phone: '+37797703030', hours: paris, chat: true },
  DE: { phone: '+4969951193030', hours: { ...paris, timeZone: 'Europe/Berlin' }, chat: true },
  AT: { phone: '+4312053030', hours: { ...paris, timeZone: 'Europe/Vienna' }, chat: true },
  CH: { phone: '+41445083030', hours: { ...paris, timeZone: 'Europe/Zurich' }, chat: true },
  IT: { phone: '+390294753030', hours: { ...paris, timeZone: 'Europe/Rome' }, whatsapp: '+393480903030', chat: true },
  ES: { phone: '+34911233030', hours: { ...paris, timeZone: 'Europe/Madrid' }, whatsapp: '+34600903030', chat: true },
  PT: { phone: '+351213003030', hours: { ...paris, timeZone: 'Europe/Lisbon' }, chat: true },
  JP: { phone: '+81120953030', hours: { days: 'everyday', from: '11:00', to: '19:00', timeZone: 'Asia/Tokyo' } },
  KR: { phone: '+8215443030', hours: { days: 'everyday', from: '10:00', to: '19:00', timeZone: 'Asia/Seoul' } },
  HK: {
    phone: '+85230083030',
    hours: { days: 'everyday', from: '10:00', to: '19:00', timeZone: 'Asia/Hong_Kong' },
    whatsapp: '+85260903030',
    chat: true,
  },
  MO: {
    phone: '+85380033030',
    hours: { days: 'everyday', from: '10:00', to: '19:00', timeZone: 'Asia/Macau' },
    whatsapp: '+85366903030',
  },
  TW: {
    phone: '+886800093030',
    hours: { days: 'everyday', from: '10:00', to: '19:00', timeZone: 'Asia/Taipei' },
    chat: true,
  },
  SG: {
    phone: '+6531383030',
    hours: { days: 'everyday', from: '10:00', to: '19:00', timeZone: 'Asia/Singapore' },
    whatsapp: '+6580903030',
    chat: true,
  },
  MY: {
    phone: '+60327303030',
    hours: { days: 'everyday', from: '10:00', to: '19:00', timeZone: 'Asia/Kuala_Lumpur' },
    whatsapp: '+60120903030',
  },
  TH: {
    phone: '+6621053030',
    hours: { days: 'everyday', from: '10:00', to: '19:00', timeZone: 'Asia/Bangkok' },
    whatsapp: '+66810903030',
  },
  AU: {
    phone: '+61290533030',
    hours: { days: 'weekdays', from: '09:00', to: '18:00', timeZone: 'Australia/Sydney' },
    chat: true,
  },
  NZ: {
    phone: '+6498873030',
    hours: { days: 'weekdays', from: '09:00', to: '18:00', timeZone: 'Pacific/Auckland' },
    chat: true,
  },
  AE: {
    phone: '+97180003030',
    hours: { days: 'everyday', from: '10:00', to: '22:00', timeZone: 'Asia/Dubai' },
    whatsapp: '+971500903030',
  },
  SA: {
    phone: '+966800003030',
    hours: { days: 'everyday', from: '10:00', to: '22:00', timeZone: 'Asia/Riyadh' },
    whatsapp: '+966500903030',
  },
  QA: {
    phone: '+97480003030',
    hours: { days: 'everyday', from: '10:00', to: '22:00', timeZone: 'Asia/Qatar' },
    whatsapp: '+97450903030',
  },
};
/** Other European markets call the Paris desk's European line; the international site the same. */
const EUROPE: Desk = { phone: '+33170993030', hours: paris, chat: true };

/** The channels' words: `channels` of contact.json in server/src/locales/<language>/. */
const TEXT = perLanguage((t) => t.contact.channels);

/** `+12129803030` → `+1 212 980 3030`-like grouping, readable in every market. */
function displayPhone(e164: string): string {
  const digits = e164.slice(1);
  const cc = /^(1|7|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/.exec(digits)?.[0] ?? digits.slice(0, 3);
  const rest = digits.slice(cc.length);
  return `+${cc} ${rest.replace(/(\d{2,4})(?=(\d{3,4})+$)/g, '$1 ').trim()}`;
}

function hoursText(h: Hours, language: ContentLanguage, locale: string): string {
  // The zone name as the locale writes it (e.g. "GMT+1", "EST", "JST"), for today.
  const zone =
    new Intl.DateTimeFormat(language === 'zh-hant' ? 'zh-TW' : locale, { timeZone: h.timeZone, timeZoneName: 'short' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value ?? h.timeZone;
  return `${TEXT[language][h.days]}, ${h.from}–${h.to} (${zone})`;
}

/** The client service channels of a market, in display order. */
export function contactChannels(
  country: string,
  language: ContentLanguage,
  locale: string,
): Schemas['ClientServicePageData']['contactChannels'] {
  const desk = DESKS[country] ?? EUROPE;
  const hours = hoursText(desk.hours, language, locale);
  const phone = displayPhone(desk.phone);
  const channels: Schemas['ClientServicePageData']['contactChannels'] = [
    {
      channel: 'phoneCall' as Channel,
      label: `${TEXT[language].call}: ${phone}`,
      link: { kind: 'phone', label: phone, href: `tel:${desk.phone}` },
      openingHours: hours,
    },
  ];
  if (desk.chat) {
    channels.push({
      channel: 'chat',
      label: TEXT[language].chat,
      link: { kind: 'action', label: TEXT[language].startChat, href: null, action: 'open-chat' },
      openingHours: hours,
    });
  }
  if (desk.whatsapp) {
    channels.push({
      channel: 'whatsapp',
      label: TEXT[language].whatsapp,
      link: { kind: 'whatsapp', label: displayPhone(desk.whatsapp), href: `https://wa.me/${desk.whatsapp.slice(1)}` },
      openingHours: hours,
    });
  }
  // E-mail is answered within a working day, whenever it is sent.
  channels.push({
    channel: 'email',
    label: TEXT[language].write,
    link: { kind: 'action', label: TEXT[language].write, href: null, action: 'open-contact-form' },
    openingHours: null,
  });
  return channels;
}
