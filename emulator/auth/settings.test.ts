// Where the auth service's rate limits come from: supabase/config.toml (what the hosted project gets), multiplied per
// instance for tests and local development, never by editing the file.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { authRateLimitScale } from '../server';
import {
  DEVELOPMENT_RATE_LIMIT_SCALE,
  readAuthSettings,
  scaleRateLimits,
  TESTING_RATE_LIMIT_SCALE,
} from './settings';

const config = loadConfig();

describe('[auth.rate_limit]', () => {
  it('supabase/config.toml keeps limits fit for the hosted project', () => {
    expect(readAuthSettings(config).rateLimits).toEqual({
      emailSent: 30,
      signInSignUps: 30,
      tokenRefresh: 150,
      tokenVerifications: 30,
    });
  });

  it('multiplies every configured limit by rateLimitScale; explicit rateLimits are taken as they are', () => {
    expect(readAuthSettings(config, { rateLimitScale: 20 }).rateLimits).toEqual({
      emailSent: 600,
      signInSignUps: 600,
      tokenRefresh: 3000,
      tokenVerifications: 600,
    });
    expect(
      readAuthSettings(config, { rateLimitScale: 20, rateLimits: { signInSignUps: 2 } }).rateLimits,
    ).toMatchObject({ signInSignUps: 2, tokenRefresh: 3000 });
  });

  it('rounds, never scales a limit down to 0, and leaves 0 (refuse all) as it is', () => {
    expect(
      scaleRateLimits({ emailSent: 3, signInSignUps: 1, tokenRefresh: 0, tokenVerifications: 30 }, 0.1),
    ).toEqual({ emailSent: 1, signInSignUps: 1, tokenRefresh: 0, tokenVerifications: 3 });
  });

  it('refuses a multiplier that is not a number above 0', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => readAuthSettings(config, { rateLimitScale: bad })).toThrow(
        /rateLimitScale must be a number/,
      );
  });
});

describe('authRateLimitScale (startEmulator)', () => {
  it('is 1 by default: exactly what config.toml says', () => {
    expect(authRateLimitScale({}, {})).toBe(1);
  });

  it('is 20 for an instance under test, whatever the shell says', () => {
    expect(authRateLimitScale({ testing: true }, { AUTH_RATE_LIMIT_SCALE: '1' })).toBe(
      TESTING_RATE_LIMIT_SCALE,
    );
  });

  it('is 10 for npm start and npm run emulator, unless AUTH_RATE_LIMIT_SCALE says otherwise', () => {
    expect(authRateLimitScale({ development: true }, {})).toBe(DEVELOPMENT_RATE_LIMIT_SCALE);
    expect(authRateLimitScale({ development: true }, { AUTH_RATE_LIMIT_SCALE: '1' })).toBe(1);
    expect(authRateLimitScale({}, { AUTH_RATE_LIMIT_SCALE: ' 2.5 ' })).toBe(2.5);
    expect(authRateLimitScale({ development: true }, { AUTH_RATE_LIMIT_SCALE: '' })).toBe(
      DEVELOPMENT_RATE_LIMIT_SCALE,
    );
  });

  it('takes the option over everything else', () => {
    expect(
      authRateLimitScale(
        { authRateLimitScale: 1, testing: true, development: true },
        { AUTH_RATE_LIMIT_SCALE: '5' },
      ),
    ).toBe(1);
  });

  it('names AUTH_RATE_LIMIT_SCALE when it is not a usable number', () => {
    expect(() => authRateLimitScale({}, { AUTH_RATE_LIMIT_SCALE: 'lots' })).toThrow(
      'AUTH_RATE_LIMIT_SCALE must be a number above 0 (a multiplier of [auth.rate_limit]), got lots',
    );
    expect(() => authRateLimitScale({ development: true }, { AUTH_RATE_LIMIT_SCALE: '0' })).toThrow(
      /AUTH_RATE_LIMIT_SCALE must be a number above 0/,
    );
  });
});
