// The rules moved to lib/forms/address-rules.ts, shared with the checkout's delivery address.
export * from '../../lib/forms/address-rules';
