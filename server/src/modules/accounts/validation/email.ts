// E-mail address rules of spec §5: one copy, in reference/rules/email.ts, shared with the web's forms; the
// accounts module and the other modules take them from here. The codes answered are those of the catalogue.
import type { ErrorCode } from '../../../shared/errors.ts';
import type { EmailErrorCode as RuleCode } from '../../../../../reference/rules/email.ts';

export {
  checkEmail,
  hasEmailTypo,
  normaliseEmail,
  EMAIL_TYPO_BLACKLIST,
} from '../../../../../reference/rules/email.ts';

/** A code the catalogue lacks fails to compile here (the alias is that check alone). */
type Catalogued<T extends ErrorCode> = T;
type _CataloguedCodes = Catalogued<RuleCode>;
