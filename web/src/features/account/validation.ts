// The checks moved to lib/forms/validation.ts, shared with the checkout and order tracking forms.
export * from '../../lib/forms/validation';
