import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessage, errorMessageWithReference, errorReference, fieldErrors } from './errors';

describe('errorMessage', () => {
  it('maps identity codes to the friendly texts, unknown ones to the unknown text', () => {
    expect(errorMessage(new ApiError(401, 'auth/invalid-credential', 'x'))).toBe(
      'The email or password is incorrect.',
    );
    expect(errorMessage(new ApiError(400, 'auth/expired-action-code', 'x'))).toBe(
      'The action code has expired. Please request a new one.',
    );
    expect(errorMessage(new ApiError(400, 'auth/something-new', 'x'))).toBe(
      'An unknown error occurred. Please try again.',
    );
  });

  it("uses the server's message for other API errors and the default feedback for anything else", () => {
    expect(errorMessage(new ApiError(409, 'conflict', "Can't self delete"))).toBe("Can't self delete");
    expect(errorMessage(new TypeError('x is undefined'))).toBe(
      'Something went wrong. Please try again later',
    );
    expect(errorMessage('nope')).toBe('Something went wrong. Please try again later');
  });
});

describe('errorReference', () => {
  it('names the request of a server failure, and of nothing a person can fix', () => {
    const failed = new ApiError(
      500,
      'internal',
      'Something went wrong. Please try again later',
      [],
      'abc12345',
    );
    expect(errorReference(failed)).toBe('Reference: abc12345');
    expect(errorMessageWithReference(failed)).toBe(
      'Something went wrong. Please try again later (Reference: abc12345)',
    );
    expect(errorReference(new ApiError(409, 'conflict', 'Taken', [], 'abc12345'))).toBeUndefined();
    expect(errorMessageWithReference(new ApiError(409, 'conflict', 'Taken', [], 'abc12345'))).toBe('Taken');
    expect(errorReference(new ApiError(502, 'unknown', 'Error: 502'))).toBeUndefined();
    expect(errorReference(new Error('x'))).toBeUndefined();
  });
});

describe('fieldErrors', () => {
  it('keys the first message of each field by its dotted path', () => {
    const error = new ApiError(400, 'validation', 'Invalid input', [
      { path: ['event', 'endDate'], message: 'The end date must be on or after the start date' },
      { path: ['event', 'endDate'], message: 'second' },
      { path: ['email'], message: 'The email address provided is invalid.' },
    ]);
    expect(fieldErrors(error)).toEqual({
      'event.endDate': 'The end date must be on or after the start date',
      email: 'The email address provided is invalid.',
    });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
