// Totals of an order. Prices in the catalogue include tax everywhere except the United States and Canada,
// where tax is added at checkout. Rates are the standard ones of each country (VAT, GST, consumption
// tax); for US and CA one average rate stands in until a tax service computes the rate of the address.

import { pricesIncludeTax } from './tax.ts';

/** Standard rates, as fractions. */
const RATES: Record<string, number> = {
  AT: 0.2,
  BE: 0.21,
  BG: 0.2,
  CH: 0.081,
  CY: 0.19,
  CZ: 0.21,
  DE: 0.19,
  DK: 0.25,
  EE: 0.22,
  ES: 0.21,
  FI: 0.255,
  FR: 0.2,
  GB: 0.2,
  GR: 0.24,
  HR: 0.25,
  HU: 0.27,
  IE: 0.23,
  IT: 0.22,
  LT: 0.21,
  LU: 0.17,
  LV: 0.21,
  MC: 0.2,
  MT: 0.18,
  NL: 0.21,
  NO: 0.25,
  PL: 0.23,
  PT: 0.23,
  RO: 0.19,
  SE: 0.25,
  SK: 0.23,
  US: 0.08875,
  CA: 0.13,
  BR: 0.17,
  MX: 0.16,
  AU: 0.1,
  NZ: 0.15,
  HK: 0,
  JP: 0.1,
  KR: 0.1,
  MO: 0,
  MY: 0.1,
  SG: 0.09,
  TH: 0.07,
  TW: 0.05,
  AE: 0.05,
  QA: 0,
  SA: 0.15,
};
/** Currencies without minor units in their prices. */
const ZERO_DECIMALS = new Set(['JPY', 'KRW']);

export interface Totals {
  subtotal: number;
  shipping: number;
  tax: number;
  discount: number;
  total: number;
}

export function taxIncluded(country: string): boolean {
  return pricesIncludeTax(country);
}

export function round(amount: number, currency: string): number {
  const factor = ZERO_DECIMALS.has(currency) ? 1 : 100;
  return Math.round(amount * factor) / factor;
}

export function totals(country: string, currency: string, subtotal: number, shipping: number): Totals {
  const rate = RATES[country] ?? 0;
  const gross = subtotal + shipping;
  if (taxIncluded(country)) {
    // The tax share of tax-inclusive prices.
    return {
      subtotal: round(subtotal, currency),
      shipping: round(shipping, currency),
      tax: round(gross - gross / (1 + rate), currency),
      discount: 0,
      total: round(gross, currency),
    };
  }
  const tax = round(gross * rate, currency);
  return {
    subtotal: round(subtotal, currency),
    shipping: round(shipping, currency),
    tax,
    discount: 0,
    total: round(gross + tax, currency),
  };
}

/** Amounts compared after rounding to the currency's minor unit. */
export function sameAmount(a: number, b: number, currency: string): boolean {
  return Math.abs(round(a, currency) - round(b, currency)) < 0.005;
}
