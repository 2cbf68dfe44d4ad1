import type { User } from '@supabase/supabase-js';

export type UserProfile = { firstName: string; lastName: string; zip: string; email: string };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The profile fields kept in the user's metadata (first_name, last_name, zip_code), always as strings. */
export function profileOf(user: Pick<User, 'email' | 'user_metadata'> | null | undefined): UserProfile {
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  return {
    firstName: text(meta.first_name),
    lastName: text(meta.last_name),
    zip: text(meta.zip_code),
    email: text(user?.email),
  };
}

const firstChar = (s: string) => Array.from(s)[0] ?? '';

/**
 * Up to two uppercase initials for the avatar (SPEC §2): the first-name initial (with the last-name initial when
 * there is one), else the first two characters of the email before the @, else 'U'.
 */
export function getInitials(p: Pick<UserProfile, 'firstName' | 'lastName' | 'email'>): string {
  if (p.firstName) return (firstChar(p.firstName) + firstChar(p.lastName)).toUpperCase();
  const prefix = emailPrefix(p.email);
  if (prefix) return Array.from(prefix).slice(0, 2).join('').toUpperCase();
  return 'U';
}

export function emailPrefix(email: string): string {
  return email.split('@')[0]?.trim() ?? '';
}

/** The name in the welcome line: the first name, else the email prefix. */
export function displayName(p: Pick<UserProfile, 'firstName' | 'email'>): string {
  return p.firstName || emailPrefix(p.email) || 'there';
}
