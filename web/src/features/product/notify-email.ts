// The back-in-stock form's e-mail check: apart from the page's display rules (./product-rules.ts) so that the
// e-mail rule and its typo list load with the form, which opens on a sold-out size only.
import { checkEmail as checkEmailRule, normaliseEmail } from '../../../../reference/rules/email';

export type EmailProblem = 'required' | 'invalid' | 'typo';

/**
 * Spec §5 (the rule of reference/rules, the server's own): the email is lowercased, must match a simple
 * pattern (local part, domain, top-level domain of 2–12 letters), pass a further address check, and not
 * match the typo blacklist.
 */
export function checkEmail(input: string): { email: string; problem: EmailProblem | null } {
  const email = normaliseEmail(input);
  if (email === '') return { email, problem: 'required' };
  const checked = checkEmailRule(email);
  if (checked.ok) return { email, problem: null };
  return { email, problem: checked.code === 'ERR_FORM_1002' ? 'typo' : 'invalid' };
}
