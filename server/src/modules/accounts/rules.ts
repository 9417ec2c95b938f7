import { AppError, type Issue } from '../../shared/errors.ts';
import { checkEmail } from './validation/email.ts';
import { checkKanaName, checkName } from './validation/names.ts';
import { checkPassword, PASSWORD_MESSAGES, type PasswordContext } from './validation/password.ts';
import { parsePhone, PHONE_MESSAGES } from './validation/phone.ts';

/** Spec §5 e-mail rules: the lower-cased address, or 422 ERR_FORM_1002 (typo) / ERR_FORM_1001 (address check). */
export function checkEmailOrThrow(raw: string, path: string): string {
  const result = checkEmail(raw);
  if (result.ok) return result.email;
  const message = result.code === 'ERR_FORM_1002' ? 'seems to contain a typing error' : 'is not a valid email address';
  throw new AppError(result.code, `${path}: ${message}`, [{ path, message }]);
}

/** The English messages of the name rules' failures, for `errors[].message`. */
const NAME_MESSAGE = 'must contain letters, spaces, apostrophes and hyphens only';
const KANA_MESSAGE = 'must be written in full-width katakana';

interface Names {
  firstName?: string | undefined;
  lastName?: string | undefined;
  firstNameKana?: string | undefined;
  lastNameKana?: string | undefined;
}

/**
 * Spec §5 name rules beyond the contract's pattern (which takes a name of apostrophes and hyphens alone: a name
 * needs a letter), for the names given, as issues named under `prefix` (`body`, `body/addresses/0`).
 */
export function nameIssues(names: Names, prefix = 'body'): Issue[] {
  const issues: Issue[] = [];
  for (const field of ['firstName', 'lastName'] as const) {
    const value = names[field];
    if (value !== undefined && !checkName(value).ok) issues.push({ path: `${prefix}/${field}`, message: NAME_MESSAGE });
  }
  for (const field of ['firstNameKana', 'lastNameKana'] as const) {
    const value = names[field];
    if (value && !checkKanaName(value).ok) issues.push({ path: `${prefix}/${field}`, message: KANA_MESSAGE });
  }
  return issues;
}

/** The password policy beyond its length: the English message of the first rule broken, if any. */
export function newPasswordIssue(password: string, context: PasswordContext): string | undefined {
  const result = checkPassword(password, context);
  return result.ok ? undefined : PASSWORD_MESSAGES[result.reason];
}

/** An E.164 number valid for its calling code, or the issue that says why not. */
export function phoneOrIssue(raw: string, path: string): { e164?: string; issue?: Issue } {
  const result = parsePhone(raw);
  if (result.ok && result.e164 === raw) return { e164: result.e164 };
  return {
    issue: {
      path,
      message: result.ok ? 'must be written in E.164 form, e.g. +33612345678' : PHONE_MESSAGES[result.reason],
    },
  };
}
