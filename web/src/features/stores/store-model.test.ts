import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  bookingDays,
  bookingWeeks,
  detailsOf,
  displayPhone,
  errorsOfProblem,
  formatPeriods,
  formatTime,
  groupByCity,
  initialDetails,
  reasonsOf,
  sortServices,
  toE164,
  todayState,
  validateDetails,
  weekRows,
  weekdayName,
} from './store-model';
import { STORY_NOW, cannes, montaigne, storesFr } from './store-story-data';

describe('boutique lists', () => {
  it('groups boutiques by city in the given order, and orders services', () => {
    expect(groupByCity(storesFr).map((g) => [g.city, g.stores.length])).toEqual([
      ['Cannes', 1],
      ['Paris', 4],
    ]);
    expect(sortServices(['leatherCare', 'reserveInStore', 'appointment'])).toEqual([
      'appointment',
      'reserveInStore',
      'leatherCare',
    ]);
  });

  it('writes hours and days in the language of the market', () => {
    expect(formatTime('19:30', 'fr-fr')).toBe('19:30');
    expect(formatTime('19:30', 'en-us')).toMatch(/^7:30\sPM$/);
    expect(formatTime('24:00', 'fr-fr')).toBe('00:00');
    // The same words on the server and in the browser, whatever their ICU (Korean `AM` in Node 20, `오전` in Chromium).
    expect(formatTime('09:30', 'ko-kr')).toBe('오전 9:30');
    expect(formatTime('19:30', 'ko-kr')).toBe('오후 7:30');
    expect(formatPeriods(cannes.openingHours[0]!.periods, 'fr-fr')).toBe(
      '10:00\u2009–\u200913:00, 14:00\u2009–\u200919:00',
    );
    expect(weekdayName(1, 'fr-fr')).toBe('lundi');
    expect(weekdayName(7, 'ja-jp', 'short')).toBe('日');
  });

  it('groups telephone numbers for reading', () => {
    expect(displayPhone('+33153837000')).toBe('+33 1 53 83 70 00');
    expect(displayPhone('+12125170610')).toBe('+1 212 517 0610');
    expect(displayPhone('+442074939766')).toBe('+44 20 7493 9766');
    expect(displayPhone('+81362641620')).toBe('+81 3 6264 1620');
    expect(displayPhone('+85225251088')).toBe('+852 2525 1088');
    expect(displayPhone('nope')).toBe('nope');
  });
});

describe('hours of today and of the week', () => {
  it('marks today in the boutique time zone', () => {
    // Tuesday 1 December 2026, 15:00 in Paris.
    expect(
      weekRows(montaigne, '2026-12-01')
        .filter((r) => r.isToday)
        .map((r) => r.dayOfWeek),
    ).toEqual([2]);
    expect(weekRows(montaigne, null).some((r) => r.isToday)).toBe(false);
    expect(todayState(montaigne, STORY_NOW)).toMatchObject({ kind: 'open', closes: '19:30', date: '2026-12-01' });
    // Cannes at 13:30: the lunch break.
    expect(todayState(cannes, new Date('2026-12-01T12:30:00Z'))).toMatchObject({
      kind: 'closed',
      opens: { date: '2026-12-01', time: '14:00' },
    });
    // Christmas Day (special hours): closed, and the next opening is the 26th.
    expect(todayState(montaigne, new Date('2026-12-25T12:00:00Z'))).toMatchObject({
      kind: 'closed',
      special: 'Noël',
      opens: { date: '2026-12-26', time: '10:30' },
    });
  });

  it('offers the dates and times the server accepts, a week per page', () => {
    const days = bookingDays(montaigne, STORY_NOW);
    expect(days[0]).toEqual({ date: '2026-12-01', slots: [] });
    expect(days[1]?.slots[0]).toBe('15:00'); // 24 hours ahead
    expect(days.find((d) => d.date === '2026-12-25')?.slots).toEqual([]);
    expect(days.find((d) => d.date === '2026-12-24')?.slots.at(-1)).toBe('15:00'); // closes at 16:00
    const weeks = bookingWeeks(days);
    expect(weeks[0]!.map((d) => d.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks[0]![0]!.slots).toBeNull(); // before today
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('offers the reasons whose service the boutique has', () => {
    expect(reasonsOf(montaigne.services)).toHaveLength(6);
    expect(reasonsOf(['reserveInStore', 'appointment'])).toEqual(['discovery', 'productTryOn', 'afterSales']);
    expect(reasonsOf(['returnsInStore'])).toEqual([]);
  });
});

describe('contact details', () => {
  it('reads telephone numbers typed in the international or the national form', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(toE164('(212) 555-0123', 'US')).toBe('+12125550123');
    expect(toE164('02 7600 0573', 'IT')).toBe('+390276000573');
    expect(toE164('06 12 34 56 78')).toBeNull();
    expect(toE164('abc', 'FR')).toBeNull();
  });

  it('checks every field the contract requires, and builds the request', () => {
    expect(validateDetails(initialDetails()).fields).toEqual({
      civility: 'errors:ERR_FORM_1000',
      firstName: 'errors:ERR_FORM_1000',
      lastName: 'errors:ERR_FORM_1000',
      email: 'errors:ERR_FORM_1000',
      phone: 'errors:ERR_FORM_1000',
      consent: 'stores:form.consentRequired',
    });
    const values = {
      civility: 'MRS' as const,
      firstName: ' Camille ',
      lastName: 'Lefèvre',
      email: 'Camille@Example.FR ',
      phone: '06 12 34 56 78',
      message: ' ',
      consent: true,
    };
    expect(validateDetails(values, 'FR').fields).toEqual({});
    expect(validateDetails({ ...values, firstName: 'C4mille', email: 'camille@', phone: '12' }, 'FR').fields).toEqual({
      firstName: 'stores:form.nameInvalid',
      email: 'errors:ERR_FORM_1001',
      phone: 'stores:form.phoneInvalid',
    });
    expect(detailsOf(values, 'FR')).toEqual({
      civility: 'MRS',
      firstName: 'Camille',
      lastName: 'Lefèvre',
      email: 'camille@example.fr',
      phone: '+33612345678',
      consent: true,
    });
  });

  it('shows the server answer beside the field it names, or under the form', () => {
    const problem = (code: string, errors?: { path: string; message: string }[]) =>
      new ApiError(400, { type: 'x', title: code, status: 400, code: code as never, ...(errors ? { errors } : {}) });
    expect(
      errorsOfProblem(problem('ERR_STORE_API_1002', [{ path: 'body/time', message: 'too soon' }]), [
        'time',
        'date',
      ] as const),
    ).toEqual({ fields: { time: 'errors:ERR_STORE_API_1002' } });
    expect(errorsOfProblem(problem('ERR_STORE_API_1001'), ['time'] as const)).toEqual({
      fields: {},
      form: 'errors:ERR_STORE_API_1001',
    });
    expect(errorsOfProblem(new Error('network'), ['time'] as const)).toEqual({
      fields: {},
      form: 'errors:API_UNKNOWN_ERROR',
    });
  });
});
