import { describe, expect, it } from 'vitest';
import { displayName, getInitials, profileOf } from './user-display';

describe('getInitials', () => {
  it('uses the first-name and last-name initials, upper-cased', () => {
    expect(getInitials({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' })).toBe('AL');
    expect(getInitials({ firstName: 'ada', lastName: 'lovelace', email: '' })).toBe('AL');
  });

  it('uses only the first-name initial when there is no last name', () => {
    expect(getInitials({ firstName: 'Ada', lastName: '', email: 'ada@x.io' })).toBe('A');
  });

  it('falls back to the first two characters of the email before the @', () => {
    expect(getInitials({ firstName: '', lastName: '', email: 'zoe@x.io' })).toBe('ZO');
    expect(getInitials({ firstName: '', lastName: 'Lovelace', email: 'z@x.io' })).toBe('Z');
  });

  it("falls back to 'U' without a name or an email", () => {
    expect(getInitials({ firstName: '', lastName: '', email: '' })).toBe('U');
    expect(getInitials({ firstName: '', lastName: '', email: '@x.io' })).toBe('U');
  });

  it('never splits a character made of two code units', () => {
    expect(getInitials({ firstName: '𝒜da', lastName: 'Émile', email: '' })).toBe('𝒜É');
  });
});

describe('profileOf and displayName', () => {
  it('reads the metadata the sign-up stored, trimmed, ignoring non-strings', () => {
    const user = {
      email: 'zoe@x.io',
      user_metadata: { first_name: ' Zoe ', last_name: 7, zip_code: '10001' },
    };
    expect(profileOf(user)).toEqual({ firstName: 'Zoe', lastName: '', zip: '10001', email: 'zoe@x.io' });
    expect(profileOf(null)).toEqual({ firstName: '', lastName: '', zip: '', email: '' });
  });

  it('welcomes by first name, else by the email prefix', () => {
    expect(displayName({ firstName: 'Ada', email: 'ada@x.io' })).toBe('Ada');
    expect(displayName({ firstName: '', email: 'zoe@x.io' })).toBe('zoe');
  });
});
