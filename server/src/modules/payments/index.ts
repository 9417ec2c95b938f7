export { PaymentProviderError } from './provider.ts';
export type { PaymentProvider, AuthorizeRequest, AuthorizeResult, CardDetails, PaymentMethod } from './provider.ts';
export {
  TestPaymentProvider,
  TEST_CARDS,
  TEST_AUTHENTICATION_CODE,
  TEST_WALLET_TOKENS,
  luhnValid,
  cardBrand,
} from './test-provider.ts';
