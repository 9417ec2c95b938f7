// The payment provider interface of the checkout, and its built-in test provider. A real provider (an
// adapter over its API) implements the same interface; the checkout never sees card data beyond this call.

import type { Schemas } from '../../shared/http.ts';

/** The contract's payment methods (generated types, never a copy). */
export type PaymentMethod = Schemas['PaymentMethod'];

export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
}

export interface AuthorizeRequest {
  /** Our reference of the payment (the order number): a provider must treat a repeat as the same payment. */
  reference: string;
  /** Amount in major units of `currency`. */
  amount: number;
  currency: string;
  method: PaymentMethod;
  card?: CardDetails | undefined;
  walletToken?: string | undefined;
}

export type AuthorizeResult =
  | { status: 'authorised'; pspReference: string; cardBrand: string | null; cardLast4: string | null }
  | {
      status: 'actionRequired';
      pspReference: string;
      challengeId: string;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | { status: 'declined'; reason: string; cardBrand: string | null; cardLast4: string | null }
  /** The details cannot be a card (number, expiry): the shopper corrects them. */
  | { status: 'invalid'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** The shopper's answer to the issuer's challenge of an `actionRequired` payment. */
  authenticate(request: {
    pspReference: string;
    challengeId: string;
    code: string;
  }): Promise<{ status: 'authorised' | 'declined'; reason?: string }>;
  /** Releases an authorisation (order cancelled before capture). */
  void(pspReference: string): Promise<void>;
}

/** Thrown by a provider that could not be reached or answered nonsense: nothing was charged. */
export class PaymentProviderError extends Error {}
