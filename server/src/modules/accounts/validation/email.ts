// E-mail address rules of spec §5: one copy, in reference/rules/email.ts, shared with the web's forms; the
// accounts module and the other modules take them from here. The codes answered are those of the catalogue.
import type { ErrorCode } from '../../../shared/errors.ts';
import type { EmailErrorCode as RuleCode } from '../../../../../reference/rules/email.ts';

export {
  checkEmail,
  emailTypoOf,
  hasEmailTypo,
  normaliseEmail,
  EMAIL_TYPO_BLACKLIST,
  EMAIL_MAX_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_DOMAIN_LABEL_MAX_LENGTH,
} from '../../../../../reference/rules/email.ts';
export type { EmailCheck } from '../../../../../reference/rules/email.ts';

/** A code the catalogue lacks fails to compile here. */
type Catalogued<T extends ErrorCode> = T;
export type EmailErrorCode = Catalogued<RuleCode>;
