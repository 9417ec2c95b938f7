import { describe, expect, it } from 'vitest';
import { ApiError, type Problem } from '../../lib/api-client';
import { addressFieldOfPath } from './address-rules';
import { bodyField, bodyPathSegments, isSessionLapsed, problemToFormErrors } from './problem-fields';

const problem = (status: number, code: Problem['code'], errors?: Problem['errors']): ApiError =>
  new ApiError(status, {
    type: `https://errors.storefront.dev/${code}`,
    title: 'x',
    status,
    code,
    ...(errors ? { errors } : {}),
  });

describe('bodyPathSegments', () => {
  it('splits a body path and refuses others', () => {
    expect(bodyPathSegments('body/addresses/0/postalCode')).toEqual(['addresses', '0', 'postalCode']);
    expect(bodyPathSegments('body/email')).toEqual(['email']);
    expect(bodyPathSegments('query/locale')).toBeNull();
    expect(bodyPathSegments('body')).toBeNull();
  });
});

describe('problemToFormErrors', () => {
  const signIn = bodyField(['email', 'password']);

  it('puts the code of a problem that names a field beside that field', () => {
    const errors = problemToFormErrors(
      problem(422, 'ERR_FORM_1002', [{ path: 'body/email', message: 'ends with ".con"' }]),
      signIn,
    );
    expect(errors).toEqual({ fields: { email: 'errors:ERR_FORM_1002' }, form: [] });
  });

  it('says what is wrong with the field for the generic invalid-request code', () => {
    expect(
      problemToFormErrors(
        problem(400, 'ERR_API_1018', [{ path: 'body/newPassword', message: 'must NOT have fewer than 12 characters' }]),
        bodyField(['newPassword']),
      ).fields,
    ).toEqual({
      newPassword: 'account:validation.passwordRefused',
    });
    expect(
      problemToFormErrors(
        problem(400, 'ERR_API_1018', [{ path: 'body/currentPassword', message: 'is incorrect' }]),
        bodyField(['currentPassword']),
      ).fields,
    ).toEqual({
      currentPassword: 'account:validation.currentPasswordWrong',
    });
    expect(
      problemToFormErrors(
        problem(400, 'ERR_API_1018', [{ path: 'body/label', message: 'too long' }]),
        bodyField(['label']),
      ).fields,
    ).toEqual({ label: 'errors:ERR_API_1018' });
  });

  it('puts a problem without a field, or with a field the form does not show, at the top (once)', () => {
    expect(problemToFormErrors(problem(401, 'ERR_OKTA_1000'), signIn)).toEqual({
      fields: {},
      form: ['errors:ERR_OKTA_1000'],
    });
    const other = problemToFormErrors(
      problem(400, 'ERR_API_1018', [
        { path: 'body/foo', message: 'x' },
        { path: 'query/locale', message: 'y' },
      ]),
      signIn,
    );
    expect(other).toEqual({ fields: {}, form: ['errors:ERR_API_1018'] });
  });

  it('maps an address of the book to the address form by its index, the others to the top', () => {
    const error = problem(400, 'ERR_API_1018', [
      { path: 'body/addresses/2/postalCode', message: 'must match pattern "^[0-9]{5}$"' },
      { path: 'body/addresses/2/firstName', message: 'must match pattern' },
      { path: 'body/addresses/0/city', message: 'must NOT have fewer than 1 characters' },
    ]);
    expect(problemToFormErrors(error, addressFieldOfPath(2))).toEqual({
      fields: { postalCode: 'errors:ERR_FORM_1007', firstName: 'errors:ERR_FORM_1006' },
      form: ['errors:ERR_API_1018'],
    });
    expect(problemToFormErrors(error, addressFieldOfPath(0)).fields).toEqual({ city: 'errors:ERR_API_1018' });
  });

  it('keeps the first problem of a field', () => {
    const error = problem(422, 'ERR_FORM_1000', [
      { path: 'body/lastNameKana', message: 'is required in this market (ja-jp)' },
      { path: 'body/lastNameKana', message: 'again' },
    ]);
    expect(problemToFormErrors(error, bodyField(['lastNameKana']))).toEqual({
      fields: { lastNameKana: 'errors:ERR_FORM_1000' },
      form: [],
    });
  });

  it('says the service could not be reached for a failure that is not an answer', () => {
    expect(problemToFormErrors(new TypeError('Failed to fetch'), signIn)).toEqual({
      fields: {},
      form: ['errors:API_UNKNOWN_ERROR'],
    });
    expect(problemToFormErrors(new ApiError(0, undefined), signIn)).toEqual({
      fields: {},
      form: ['errors:API_UNKNOWN_ERROR'],
    });
  });

  it('aliases a path to the field of the form', () => {
    expect(
      problemToFormErrors(
        problem(400, 'ERR_CDB_API_2000', [{ path: 'body/emailAddress', message: 'x' }]),
        bodyField(['email'], { emailAddress: 'email' }),
      ).fields,
    ).toEqual({
      email: 'errors:ERR_CDB_API_2000',
    });
  });
});

describe('isSessionLapsed', () => {
  it('is a 401 of a signed-in call', () => {
    expect(isSessionLapsed(problem(401, 'ERR_API_1020'))).toBe(true);
    expect(isSessionLapsed(problem(401, 'ERR_MWR_1000'))).toBe(true);
    expect(isSessionLapsed(problem(403, 'ERR_API_1001'))).toBe(false);
    expect(isSessionLapsed(new Error('x'))).toBe(false);
  });
});
