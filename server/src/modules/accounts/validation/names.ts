// Name rules of spec §5: one copy, in reference/rules/names.ts, shared with the web's forms. The codes
// answered are those of the catalogue.
import type { ErrorCode } from '../../../shared/errors.ts';
import type { NameErrorCode as RuleCode } from '../../../../../reference/rules/names.ts';

export { checkName, checkKanaName, NAME_MAX_LENGTH } from '../../../../../reference/rules/names.ts';

/** A code the catalogue lacks fails to compile here (the alias is that check alone). */
type Catalogued<T extends ErrorCode> = T;
type _CataloguedCodes = Catalogued<RuleCode>;
