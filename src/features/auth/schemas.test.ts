import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  firstLoginIssue,
  firstRegisterIssue,
  passwordChangeSchema,
  profileSchema,
  registerDefaults,
  registerSubmitBlocked,
  signUpInputSchema,
  type RegisterValues,
} from './schemas';

const valid: RegisterValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  zip: '10001',
  password: 'secret1',
  confirmPassword: 'secret1',
  acceptTerms: true,
};

describe('registration rules, in the order of SPEC §5', () => {
  it('passes a complete, consistent form', () => {
    expect(firstRegisterIssue(valid)).toBeNull();
  });

  it('1. every one of the six fields is required, before anything else', () => {
    for (const field of ['firstName', 'lastName', 'email', 'zip', 'password', 'confirmPassword'] as const) {
      // ZIP, passwords and terms are also wrong here: the empty field still wins.
      const issue = firstRegisterIssue({
        ...valid,
        zip: '12',
        confirmPassword: 'other',
        acceptTerms: false,
        [field]: '  ',
      });
      expect(issue).toEqual({ field, message: 'Please fill out all fields' });
    }
    expect(firstRegisterIssue(registerDefaults)?.message).toBe('Please fill out all fields');
  });

  it('2. then the ZIP must be exactly 5 digits', () => {
    for (const zip of ['1234', '123456', '12a45']) {
      expect(firstRegisterIssue({ ...valid, zip, confirmPassword: 'other', acceptTerms: false })).toEqual({
        field: 'zip',
        message: 'Please input a 5 number zip',
      });
    }
  });

  it('3. then the passwords must match', () => {
    expect(firstRegisterIssue({ ...valid, confirmPassword: 'secret2', acceptTerms: false })?.message).toBe(
      'Passwords do not match',
    );
  });

  it('4. then the terms must be accepted', () => {
    expect(firstRegisterIssue({ ...valid, acceptTerms: false })?.message).toBe(
      'Please accept the Terms and Conditions to continue',
    );
  });

  it('then the password length (6 to 72) and the email format', () => {
    expect(firstRegisterIssue({ ...valid, password: '12345', confirmPassword: '12345' })?.message).toBe(
      'Password must be at least 6 characters',
    );
    const long = 'x'.repeat(73);
    expect(firstRegisterIssue({ ...valid, password: long, confirmPassword: long })?.message).toBe(
      'Password must be at most 72 characters',
    );
    expect(firstRegisterIssue({ ...valid, email: 'not-an-email' })?.message).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('the Create Account button', () => {
  const ok = { zip: '10001', password: 'secret1', confirmPassword: 'secret1', acceptTerms: true };
  it('is enabled for a consistent form, also with an empty ZIP', () => {
    expect(registerSubmitBlocked(ok)).toBe(false);
    expect(registerSubmitBlocked({ ...ok, zip: '' })).toBe(false);
  });
  it('is blocked when confirm differs, terms are not accepted, or a non-empty ZIP is invalid', () => {
    expect(registerSubmitBlocked({ ...ok, confirmPassword: 'secret' })).toBe(true);
    expect(registerSubmitBlocked({ ...ok, acceptTerms: false })).toBe(true);
    expect(registerSubmitBlocked({ ...ok, zip: '123' })).toBe(true);
  });
});

describe('login rule', () => {
  it('requires both fields', () => {
    expect(firstLoginIssue({ email: '', password: 'x' })?.message).toBe('Please fill out all fields');
    expect(firstLoginIssue({ email: 'a@b.co', password: '' })?.message).toBe('Please fill out all fields');
    expect(firstLoginIssue({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
});

describe('inputs checked at the function', () => {
  it('trims and lower-cases emails', () => {
    expect(emailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(emailSchema.safeParse('ada@').success).toBe(false);
  });

  it('sign-up needs names, a 5-digit ZIP and a 6 to 72 character password', () => {
    const input = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ADA@x.io',
      password: 'secret1',
      zip: '10001',
    };
    expect(signUpInputSchema.parse(input).email).toBe('ada@x.io');
    expect(signUpInputSchema.safeParse({ ...input, zip: '1000' }).success).toBe(false);
    expect(signUpInputSchema.safeParse({ ...input, password: '12345' }).success).toBe(false);
    expect(signUpInputSchema.safeParse({ ...input, password: 'x'.repeat(73) }).success).toBe(false);
    expect(signUpInputSchema.safeParse({ ...input, firstName: ' ' }).success).toBe(false);
  });

  it('the profile follows the same rules', () => {
    expect(profileSchema.safeParse({ firstName: 'Ada', lastName: 'L', zip: '10001' }).success).toBe(true);
    expect(
      profileSchema.safeParse({ firstName: 'Ada', lastName: 'L', zip: '1001' }).error?.issues[0].message,
    ).toBe('Please input a 5 number zip');
  });

  it('a new password needs 6 characters and a matching confirmation', () => {
    expect(passwordChangeSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' }).success).toBe(
      true,
    );
    expect(
      passwordChangeSchema.safeParse({ password: 'short', confirmPassword: 'short' }).error?.issues[0]
        .message,
    ).toBe('Password must be at least 6 characters');
    expect(
      passwordChangeSchema.safeParse({ password: 'secret1', confirmPassword: 'secret2' }).error?.issues[0]
        .message,
    ).toBe('Passwords do not match');
  });
});
