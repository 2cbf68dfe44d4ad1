// Password rules and hashing as GoTrue applies them (api/password.go, crypto/password.go).
import bcrypt from 'bcryptjs';
import { unprocessable, validationFailed } from './errors';
import type { AuthSettings } from './settings';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

const requiredSets: Record<string, string[]> = {
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export type WeakPassword = { message: string; reasons: string[] };

/** The reasons a password fails the current policy, or undefined when it passes. */
export function passwordWeakness(settings: AuthSettings, password: string): WeakPassword | undefined {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < settings.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`);
  }
  const sets = requiredSets[settings.passwordRequirements];
  if (sets && !sets.every((set) => [...password].some((ch) => set.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length ? { message: messages.join(' '), reasons } : undefined;
}

/** Length and strength checks for a new password; throws the error GoTrue would answer with. */
export function checkNewPassword(settings: AuthSettings, password: string, emptyMessage: string): void {
  if (!password) throw validationFailed(emptyMessage);
  if (Buffer.byteLength(password, 'utf8') > 72) {
    throw validationFailed('Password cannot be longer than 72 characters');
  }
  const weak = passwordWeakness(settings, password);
  if (weak) throw unprocessable('weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
}

// bcrypt.DefaultCost in Go, which GoTrue uses.
export const hashPassword = (password: string) => bcrypt.hash(password, 10);

/**
 * A bcrypt hash of nothing anyone knows, at the same cost as real ones: a sign-in for an unknown email compares
 * against it, so it takes as long as a wrong password for a real account (issue 12: 7 ms against 122 ms told them
 * apart).
 */
const DUMMY_HASH = bcrypt.hashSync(`no-such-account-${Math.random()}`, 10);

/** Spends a real account's compare time and fails. */
export async function passwordMatchesNobody(password: string): Promise<false> {
  await bcrypt.compare(password || ' ', DUMMY_HASH);
  return false;
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !password) return passwordMatchesNobody(password);
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
