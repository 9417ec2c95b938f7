// The web's formatting of money and dates is the markets' own (reference/markets/format.ts), which the server's
// e-mails and product data use too: one rule for both.
export * from '../../../reference/markets/format.ts';
