// The one way a day is written (reference/markets/shop-day.ts), shared with the server's e-mails.
export * from '../../../reference/markets/shop-day.ts';
