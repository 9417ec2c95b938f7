// Personal data shown back in part: an e-mail address an answer names without disclosing it (the activation page,
// a back-in-stock alert). What never reaches the logs at all is the logger's (`logger.ts`, REDACT_PATHS).

/**
 * `claire.martin@example.org` → `c•••••@example.org`: the first character of the local part, a fixed number of
 * dots (the length of the address is not disclosed either), the domain.
 */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••••@${domain}`;
}
