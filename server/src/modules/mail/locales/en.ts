import type { MailCopy } from '../templates.ts';

export const en: MailCopy = {
  htmlLang: 'en',
  greeting: 'Dear {firstName},',
  greetingDefault: 'Dear Client,',
  signOff: 'With our warmest regards,',
  signature: '{brand} Client Service',
  fallbackLink: 'Should the button not work, please copy this link into your browser:',
  automatic: 'This e-mail was sent automatically; we kindly ask you not to reply to it.',
  templates: {
    activation: {
      subject: 'Activate your {brand} account',
      heading: 'Welcome to {brand}',
      body: ['Thank you for creating your {brand} account.', 'To activate it, we kindly invite you to confirm your e-mail address by selecting the button below.'],
      action: 'Activate my account',
      after: ['If you did not request the creation of this account, you may simply disregard this e-mail.'],
    },
    'account-exists': {
      subject: 'Your {brand} account',
      heading: 'An account already exists',
      body: [
        'A request to create an account has been made with this e-mail address, which is already associated with a {brand} account.',
        'You may sign in with your existing password.',
      ],
      action: 'Sign in',
      secondary: { text: 'Should you have forgotten your password, you may choose a new one:', label: 'Reset my password' },
      after: ['If you did not make this request, no action is required on your part.'],
    },
    'account-none': {
      subject: 'Your request to {brand}',
      heading: 'No account is associated with this address',
      body: [
        'A request concerning a {brand} account has been made for this e-mail address. No account is currently associated with it.',
        'Should you wish to create one, you may do so in a few moments.',
      ],
      action: 'Create an account',
      after: ['If you did not make this request, you may simply disregard this e-mail.'],
    },
    welcome: {
      subject: 'Welcome to {brand}',
      heading: 'Your account is now active',
      body: [
        'We are delighted to welcome you to {brand}.',
        'Your account is now active. You may sign in at any time to follow your orders, manage your details and preferences, and find your wish list.',
      ],
      action: 'Sign in',
    },
    'password-reset': {
      subject: 'Reset your {brand} password',
      heading: 'Reset your password',
      body: [
        'We have received a request to reset the password of your {brand} account.',
        'To choose a new password, kindly select the button below. This link is valid for 60 minutes and may be used only once.',
      ],
      action: 'Choose a new password',
      after: ['If you did not make this request, you may disregard this e-mail: your password remains unchanged.'],
    },
    'account-migration': {
      subject: 'Your {brand} account awaits you',
      heading: 'Welcome to our new site',
      body: [
        'You asked to bring the account you held on our former site to the new {brand} site. Your account is ready: the details and addresses you had saved have been carried over.',
        'To sign in, kindly choose a password by selecting the button below. This link is valid for 7 days and may be used only once.',
      ],
      action: 'Choose my password',
      after: ['If you did not make this request, you may disregard this e-mail: no one can sign in to your account without choosing a password through this link.'],
    },
    'password-changed': {
      subject: 'Your {brand} password has been changed',
      heading: 'Your password has been changed',
      body: [
        'We confirm that the password of your {brand} account has just been changed.',
        'If you made this change, no further action is required. If you did not, we invite you to reset your password without delay and to contact our Client Service.',
      ],
      action: 'Reset my password',
    },
    'newsletter-confirm': {
      subject: 'Confirm your subscription to the {brand} newsletter',
      heading: 'Confirm your subscription',
      body: ['Thank you for your interest in {brand}.', 'To complete your subscription to our newsletter, kindly confirm your e-mail address by selecting the button below.'],
      action: 'Confirm my subscription',
      after: ['If you did not request this subscription, you may disregard this e-mail: no subscription will be recorded.'],
    },
    'newsletter-welcome': {
      subject: 'Welcome to the {brand} newsletter',
      heading: 'Thank you for subscribing',
      body: [
        'Your subscription to the {brand} newsletter is confirmed.',
        'You will be among the first to discover our new collections, exclusive events and news from the House.',
      ],
      secondary: { text: 'You may unsubscribe at any time:', label: 'Unsubscribe' },
    },
    'contact-ack': {
      subject: 'Your message to {brand} – reference {reference}',
      heading: 'Thank you for your message',
      body: [
        'Thank you for contacting {brand}. We have received your message regarding “{subject}”.',
        'One of our Client Advisors will reply to you as soon as possible.',
        'Your reference: {reference}. We kindly ask you to mention it in any further correspondence.',
      ],
    },
    'store-reservation-ack': {
      subject: 'Your {brand} boutique reservation – reference {reference}',
      heading: 'Thank you for your reservation',
      body: [
        'We have received your request to reserve “{productName}”, {size}, at {storeName}.',
        'The boutique will confirm it with you, usually within 24 hours, and will then hold the piece for you for up to three days.',
        'Your reference: {reference}. We kindly ask you to mention it when you visit the boutique.',
      ],
      action: 'View the boutique',
    },
    'store-appointment-ack': {
      subject: 'Your {brand} appointment request – reference {reference}',
      heading: 'Thank you for your appointment request',
      body: [
        'We have received your request for an appointment at {storeName} on {when}.',
        'A Client Advisor of the boutique will confirm it with you, usually within 24 hours.',
        'Your reference: {reference}. We look forward to welcoming you.',
      ],
      action: 'View the boutique',
    },
    'order-confirmation': {
      subject: "Your {brand} order {reference} is confirmed",
      heading: "Thank you for your order",
      body: [
        "We have received your order {reference} and your payment. Here is what you ordered:",
        "{items}",
        "Total: {total}. {delivery}",
        "We will let you know as soon as it is on its way.",
      ],
      action: "View my order",
    },
    'order-cancelled': {
      subject: "Your {brand} order {reference} is cancelled",
      heading: "Your order is cancelled",
      body: [
        "As you asked, your order {reference} is cancelled.",
        "The payment of {total} has been released: depending on your bank, it disappears from your statement within a few days.",
        "We hope to welcome you again soon.",
      ],
      action: "View my order",
    },
    'return-request': {
      subject: "Your {brand} return request – reference {reference}",
      heading: "We have received your return request",
      body: [
        "Your request {reference} for order {orderNumber} is registered: {items}.",
        "{handover}",
        "{outcome}",
      ],
      action: "View my request",
    },
    'return-lapsed': {
      subject: "Your {brand} return request {reference} is closed",
      heading: "Your return request is closed",
      body: [
        "The items of your request {reference} for order {orderNumber} have not reached us, so the request is now closed: {items}.",
        "{outcome}",
        "{next}",
      ],
      after: ["If you have already sent the parcel, please contact our Client Service with the reference {reference}: we will trace it with the carrier."],
      action: "View my order",
    },
  },
};
