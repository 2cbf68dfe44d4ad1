import { describe, expect, it } from 'vitest';
import { displayName, getInitials, profileOf } from './user-display';

describe('getInitials', () => {
  type Case = [Parameters<typeof getInitials>[0], string];
  it.each<[string, Case[]]>([
    [
      'uses the first-name and last-name initials, upper-cased',
      [
        [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' }, 'AL'],
        [{ firstName: 'ada', lastName: 'lovelace', email: '' }, 'AL'],
      ],
    ],
    [
      'uses only the first-name initial when there is no last name',
      [[{ firstName: 'Ada', lastName: '', email: 'ada@x.io' }, 'A']],
    ],
    [
      'falls back to the first two characters of the email before the @',
      [
        [{ firstName: '', lastName: '', email: 'zoe@x.io' }, 'ZO'],
        [{ firstName: '', lastName: 'Lovelace', email: 'z@x.io' }, 'Z'],
      ],
    ],
    [
      "falls back to 'U' without a name or an email",
      [
        [{ firstName: '', lastName: '', email: '' }, 'U'],
        [{ firstName: '', lastName: '', email: '@x.io' }, 'U'],
      ],
    ],
    [
      'never splits a character made of two code units',
      [[{ firstName: '𝒜da', lastName: 'Émile', email: '' }, '𝒜É']],
    ],
  ])('%s', (_, cases) => {
    for (const [user, initials] of cases) expect(getInitials(user)).toBe(initials);
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
