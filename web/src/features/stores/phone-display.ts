// How a boutique's telephone number is written for reading (links keep the E.164 form).

const CALLING_CODES = [
  '1',
  '7',
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '54',
  '55',
  '56',
  '57',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '351',
  '352',
  '353',
  '354',
  '356',
  '357',
  '358',
  '359',
  '370',
  '371',
  '372',
  '377',
  '385',
  '420',
  '421',
  '852',
  '853',
  '886',
  '966',
  '971',
  '973',
  '974',
  '965',
];
/** Countries whose numbers are read in pairs (`+33 1 53 83 70 00`). */
const PAIRS = new Set(['33', '377']);

/**
 * A telephone number grouped for reading: `+1 212 517 0610`, `+33 1 53 83 70 00`, otherwise groups of four
 * from the end (`+81 3 6264 1620`, `+44 20 7493 9766`). Links keep the E.164 form.
 */
export function displayPhone(e164: string): string {
  const digits = /^\+(\d{8,15})$/.exec(e164)?.[1];
  if (!digits) return e164;
  const cc = [...CALLING_CODES].sort((a, b) => b.length - a.length).find((c) => digits.startsWith(c));
  if (!cc) return e164;
  const rest = digits.slice(cc.length);
  let groups: string[];
  if (cc === '1' && rest.length === 10) groups = [rest.slice(0, 3), rest.slice(3, 6), rest.slice(6)];
  else if (PAIRS.has(cc))
    groups =
      rest.length % 2 === 1
        ? [rest.slice(0, 1), ...(rest.slice(1).match(/\d{2}/g) ?? [])]
        : (rest.match(/\d{2}/g) ?? []);
  else {
    groups = [];
    let end = rest.length;
    while (end > 0) {
      groups.unshift(rest.slice(Math.max(0, end - 4), end));
      end -= 4;
    }
    // A lone leading digit or two stays a group of its own (an area code).
  }
  return `+${cc} ${groups.join(' ')}`;
}
