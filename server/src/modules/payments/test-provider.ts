import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PaymentProviderError, type AuthorizeRequest, type AuthorizeResult, type PaymentProvider } from './provider.ts';

/**
 * The built-in test provider: documented card numbers decide the outcome (docs/checkout.md). It keeps no
 * state: a challenge id is a MAC of the payment reference, so any instance can verify it after a restart.
 */
export const TEST_CARDS = {
  approved: '4242424242424242',
  approvedMastercard: '5555555555554444',
  approvedAmex: '378282246310005',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000000000003220',
  providerError: '4000000000000119',
} as const;
/** The code that passes the issuer's challenge of the test provider. */
export const TEST_AUTHENTICATION_CODE = '123456';
export const TEST_WALLET_TOKENS = { approved: 'wallet-test-approved', declined: 'wallet-test-declined' } as const;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return null;
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  private readonly secret: Buffer;

  constructor(
    private readonly now: () => Date = () => new Date(),
    secret?: Buffer,
  ) {
    this.secret = secret ?? randomBytes(32);
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const pspReference = `test_${request.reference}`;
    if (request.method === 'expressPay') {
      const token = request.walletToken ?? '';
      if (token === TEST_WALLET_TOKENS.approved)
        return { status: 'authorised', pspReference, cardBrand: 'visa', cardLast4: '4242' };
      if (token === TEST_WALLET_TOKENS.declined)
        return { status: 'declined', reason: 'wallet_declined', cardBrand: null, cardLast4: null };
      return { status: 'invalid', reason: 'unknown wallet token' };
    }
    const card = request.card;
    if (!card) return { status: 'invalid', reason: 'card details missing' };
    const digits = card.number.replace(/\s+/g, '');
    if (!/^[0-9]{12,19}$/.test(digits) || !luhnValid(digits)) return { status: 'invalid', reason: 'card number' };
    const now = this.now();
    const endOfExpiry = Date.UTC(card.expiryYear, card.expiryMonth, 1);
    if (endOfExpiry <= now.getTime())
      return {
        status: 'invalid',
        reason: `card expired ${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`,
      };
    const brand = cardBrand(digits);
    const last4 = digits.slice(-4);
    if (brand === 'amex' ? card.cvc.length !== 4 : card.cvc.length !== 3)
      return { status: 'invalid', reason: 'security code' };
    switch (digits) {
      case TEST_CARDS.approved:
      case TEST_CARDS.approvedMastercard:
      case TEST_CARDS.approvedAmex:
        return { status: 'authorised', pspReference, cardBrand: brand, cardLast4: last4 };
      case TEST_CARDS.authentication:
        return {
          status: 'actionRequired',
          pspReference,
          challengeId: this.challengeOf(pspReference),
          cardBrand: brand,
          cardLast4: last4,
        };
      case TEST_CARDS.insufficientFunds:
        return { status: 'declined', reason: 'insufficient_funds', cardBrand: brand, cardLast4: last4 };
      case TEST_CARDS.providerError:
        throw new PaymentProviderError('test provider: processing error');
      default:
        // A real card number, or an unlisted one: the test provider never charges anything.
        return {
          status: 'declined',
          reason: digits === TEST_CARDS.declined ? 'card_declined' : 'not_a_test_card',
          cardBrand: brand,
          cardLast4: last4,
        };
    }
  }

  async authenticate(request: { pspReference: string; challengeId: string; code: string }) {
    const expected = Buffer.from(this.challengeOf(request.pspReference));
    const given = Buffer.from(request.challengeId);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { status: 'declined' as const, reason: 'unknown challenge' };
    return request.code === TEST_AUTHENTICATION_CODE
      ? { status: 'authorised' as const }
      : { status: 'declined' as const, reason: 'wrong code' };
  }

  async void(): Promise<void> {}

  private challengeOf(pspReference: string): string {
    return `ch_${createHmac('sha256', this.secret).update(pspReference).digest('base64url').slice(0, 24)}`;
  }
}
