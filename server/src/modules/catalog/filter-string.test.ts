import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '../../shared/errors.ts';
import { FILTER_URL_NAMES, formatFilterString, parseFilterString, type FilterSelection } from './filter-string.ts';

/** Runs `fn` and answers the AppError it threw, failing the test on success or on any other error. */
function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected a refusal');
}

describe('parseFilterString', () => {
  it('reads every key, sorting and deduplicating list values', () => {
    expect(
      parseFilterString(
        'size:40|38|40,color:black|beige,instock:true,price:500-1500,category:women-bags,material:suede,themes:art,locations:paris|tokyo',
      ),
    ).toEqual({
      color: ['beige', 'black'],
      category: ['women-bags'],
      material: ['suede'],
      size: ['38', '40'],
      instock: true,
      price: { min: 500, max: 1500 },
      themes: ['art'],
      locations: ['paris', 'tokyo'],
    });
  });

  it('answers no selection for an absent or empty string', () => {
    expect(parseFilterString(undefined)).toEqual({});
    expect(parseFilterString('')).toEqual({});
  });

  it('drops instock values other than true (unknown values are ignored, not refused)', () => {
    expect(parseFilterString('instock:false')).toEqual({});
    expect(parseFilterString('instock:false|true')).toEqual({ instock: true });
  });

  it('accepts decimal and equal price bounds', () => {
    expect(parseFilterString('price:99.5-99.50')).toEqual({ price: { min: 99.5, max: 99.5 } });
    expect(parseFilterString('price:0-0')).toEqual({ price: { min: 0, max: 0 } });
  });

  it.each([
    ['an unknown key', 'colour:black', /unknown key "colour"/],
    ['a key in the wrong case', 'Color:black', /unknown key/],
    ['a repeated key', 'color:black,size:38,color:red', /appears twice/],
    ['an entry without a colon', 'color', /no "key:value"/],
    ['an empty value', 'color:', /empty or malformed/],
    ['an empty value in a list', 'color:black||red', /empty or malformed/],
    ['a trailing comma', 'color:black,', /no "key:value"/],
    ['a leading comma', ',color:black', /no "key:value"/],
    ['a colon inside a value', 'color:black:red', /empty or malformed/],
    ['a reversed price range', 'price:1500-500', /reversed/],
    ['a non-numeric price', 'price:cheap-dear', /not a non-negative number/],
    ['a negative price', 'price:-5-10', /not a range|not a non-negative/],
    ['a price without a range', 'price:500', /not a range/],
    ['an open price range', 'price:500-', /not a non-negative number/],
    ['two price ranges', 'price:1-2|3-4', /one range/],
    ['an exponent in a price', 'price:1e3-2e3', /not a non-negative number/],
    ['a price with three decimals', 'price:1.234-2', /not a non-negative number/],
    ['a string over 1,000 characters', `color:${'a'.repeat(1000)}`, /longer than 1000/],
  ])('refuses %s with ERR_API_1018 and says why', (_label, input, message) => {
    const err = refusal(() => parseFilterString(input));
    expect(err.code).toBe('ERR_API_1018');
    expect(err.status).toBe(400);
    expect(err.detail).toMatch(message);
    expect(err.issues?.[0]?.path).toBe('query/filters');
  });
});

describe('formatFilterString', () => {
  it('writes keys in the fixed order and values sorted', () => {
    const sel: FilterSelection = {
      price: { min: 10, max: 20.5 },
      size: ['40', '38', '38'],
      color: ['red', 'black'],
      instock: true,
    };
    expect(formatFilterString(sel)).toBe('color:black|red,size:38|40,instock:true,price:10-20.5');
  });
  it('writes nothing for an empty selection or empty lists', () => {
    expect(formatFilterString({})).toBe('');
    expect(formatFilterString({ color: [] })).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const valueArb = fc.stringMatching(/^[a-z0-9][a-z0-9 ._-]{0,14}$/);
const listArb = fc.array(valueArb, { minLength: 1, maxLength: 4 });
const boundArb = fc.oneof(
  fc.integer({ min: 0, max: 999_999_999 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${b}`),
);
const priceArb = fc.tuple(boundArb, boundArb).map(([a, b]) => (Number(a) <= Number(b) ? `${a}-${b}` : `${b}-${a}`));

/** Well-formed filter strings: distinct keys in any order, any list values (duplicates included). */
const wellFormedArb = fc
  .shuffledSubarray([...FILTER_URL_NAMES], { minLength: 0 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        name === 'price'
          ? priceArb.map((v) => `price:${v}`)
          : name === 'instock'
            ? fc.constantFrom('instock:true', 'instock:false', 'instock:true|false').map(String)
            : listArb.map((vs) => `${name}:${vs.join('|')}`),
      ),
    ),
  )
  .map((entries) => entries.join(','));

function parseOrCode(input: string): FilterSelection | string {
  try {
    return parseFilterString(input);
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('filter string properties', () => {
  it('parses every well-formed string, and formatting its parse is a fixed point', () => {
    fc.assert(
      fc.property(wellFormedArb, (input) => {
        const parsed = parseFilterString(input);
        const normal = formatFilterString(parsed);
        expect(parseFilterString(normal)).toEqual(parsed);
        expect(formatFilterString(parseFilterString(normal))).toBe(normal);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same selection whatever the order of keys and values', () => {
    fc.assert(
      fc.property(wellFormedArb, fc.integer(), (input, seed) => {
        const entries = input === '' ? [] : input.split(',');
        const shuffled = [...entries].sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7));
        const reversedValues = shuffled.map((e) =>
          e.startsWith('price:')
            ? e
            : `${e.slice(0, e.indexOf(':'))}:${e
                .slice(e.indexOf(':') + 1)
                .split('|')
                .reverse()
                .join('|')}`,
        );
        expect(formatFilterString(parseFilterString(reversedValues.join(',')))).toBe(
          formatFilterString(parseFilterString(input)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but ERR_API_1018 on arbitrary strings, and what it accepts round-trips', () => {
    const alphabet = fc.constantFrom(...'color:size|price,instock-true0123456789.abc é€\u0000'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.string({ unit: alphabet, maxLength: 60 }),
          fc.string({ unit: 'binary', maxLength: 40 }),
        ),
        (input) => {
          const result = parseOrCode(input);
          if (typeof result === 'string') {
            expect(result).toBe('ERR_API_1018');
          } else {
            expect(parseFilterString(formatFilterString(result))).toEqual(result);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('normalised strings never exceed the input (the contract length bound holds after normalising)', () => {
    fc.assert(
      fc.property(wellFormedArb, (input) => {
        expect(formatFilterString(parseFilterString(input)).length).toBeLessThanOrEqual(input.length);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any price range whose minimum is above its maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (max, gap) => {
        expect(parseOrCode(`price:${max + gap}-${max}`)).toBe('ERR_API_1018');
      }),
    );
  });

  it('refuses any duplicated key, wherever it appears', () => {
    fc.assert(
      fc.property(
        wellFormedArb.filter((s) => s !== ''),
        fc.nat(),
        (input, n) => {
          const entries = input.split(',');
          const dup = entries[n % entries.length] as string;
          expect(parseOrCode([...entries, dup].join(','))).toBe('ERR_API_1018');
        },
      ),
      { numRuns: 300 },
    );
  });
});
