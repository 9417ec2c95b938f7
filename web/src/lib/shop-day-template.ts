// The one day format of a locale read as a template (reference/markets/shop-day-template.ts): the server's render
// puts its page's in the bootstrap.
export * from '../../../reference/markets/shop-day-template.ts';
