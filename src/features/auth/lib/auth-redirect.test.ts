import { afterEach, describe, expect, it } from 'vitest';
import {
  captureAuthRedirectForTest,
  clearUrlFragment,
  parseAuthRedirect,
  takeAuthRedirect,
} from './auth-redirect';

describe('parseAuthRedirect', () => {
  it('recognises a confirmation link that signed the user in', () => {
    expect(
      parseAuthRedirect('#access_token=a&expires_in=3600&refresh_token=r&token_type=bearer&type=signup'),
    ).toEqual({
      kind: 'signed-in',
      type: 'signup',
    });
  });

  it('recognises a recovery link', () => {
    expect(parseAuthRedirect('#access_token=a&refresh_token=r&type=recovery')).toEqual({ kind: 'recovery' });
  });

  it('recognises a used or expired link', () => {
    expect(
      parseAuthRedirect(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
      ),
    ).toEqual({ kind: 'error', code: 'otp_expired', description: 'Email link is invalid or has expired' });
  });

  it('ignores ordinary fragments', () => {
    expect(parseAuthRedirect('')).toBeNull();
    expect(parseAuthRedirect('#faq-3')).toBeNull();
  });
});

describe('takeAuthRedirect', () => {
  afterEach(() => captureAuthRedirectForTest(''));

  it('hands the captured redirect out once', () => {
    captureAuthRedirectForTest('#access_token=a&type=signup');
    expect(takeAuthRedirect()).toEqual({ kind: 'signed-in', type: 'signup' });
    expect(takeAuthRedirect()).toBeNull();
  });
});

describe('clearUrlFragment', () => {
  it('removes the fragment and keeps the path, the query and the history state', () => {
    window.history.replaceState({ idx: 3 }, '', '/reset-password?x=1#access_token=secret&type=recovery');
    clearUrlFragment();
    expect(window.location.href).toBe(`${window.location.origin}/reset-password?x=1`);
    expect(window.history.state).toEqual({ idx: 3 });
  });
});
