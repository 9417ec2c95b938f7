export { PaymentProviderError } from './provider.ts';
export type { PaymentProvider } from './provider.ts';
export {
  TestPaymentProvider,
  TEST_CARDS,
  TEST_AUTHENTICATION_CODE,
  TEST_WALLET_TOKENS,
  luhnValid,
} from './test-provider.ts';
