import { describe, expect, it } from 'vitest';
import { errorMessage, isRetryable, NETWORK_MESSAGE } from './errors';

describe('errorMessage', () => {
  it("shows the service's own message", () => {
    const error = Object.assign(new Error('Email not confirmed'), { name: 'AuthApiError', status: 400 });
    expect(errorMessage(error, 'fallback')).toBe('Email not confirmed');
  });

  it('falls back when there is no message', () => {
    expect(errorMessage(new Error('  '), 'Invalid email or password')).toBe('Invalid email or password');
    expect(errorMessage(null, 'Could not create your account')).toBe('Could not create your account');
  });

  it('speaks of the connection when no answer came back', () => {
    const offline = Object.assign(new Error('Failed to fetch'), {
      name: 'AuthRetryableFetchError',
      status: 0,
    });
    expect(isRetryable(offline)).toBe(true);
    expect(errorMessage(offline, 'fallback')).toBe(NETWORK_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch dynamically imported module'), 'fallback')).toBe(
      NETWORK_MESSAGE,
    );
  });
});
