// Test helpers: a stand-in for useAuth() so components can be rendered without the network.
import type { Session, User } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';

export function fakeUser(overrides: Partial<User> & { metadata?: Record<string, unknown> } = {}): User {
  const { metadata, ...rest } = overrides;
  return {
    id: '00000000-0000-4000-8000-000000000001',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'ada@example.com',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata ?? { first_name: 'Ada', last_name: 'Lovelace', zip_code: '10001' },
    created_at: '2026-01-01T00:00:00Z',
    ...rest,
  } as User;
}

export function fakeSession(user: User = fakeUser()): Session {
  return { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer', user } as Session;
}

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user: null,
    session: null,
    loading: false,
    ready: true,
    recovery: false,
    login: vi.fn(async () => {}),
    register: vi.fn(async () => ({ user: fakeUser(), session: null })),
    resendVerification: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    finishRecovery: vi.fn(),
    ...overrides,
  };
}

export function FakeAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
