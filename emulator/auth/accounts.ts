// Writes to auth.users and auth.identities that several endpoint groups share: metadata merges, email confirmation,
// sign-in stamps, new email users and applied email changes (GoTrue models/user.go).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../context';
import type { Json } from './input';
import { iso, type AuthService } from './service';

/** Shallow-merges `patch` into a user's metadata; a null value removes the key (GoTrue's UpdateUserMetaData). */
export async function mergeMetadata(
  tx: Queryable,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  patch: Json,
  at: string,
) {
  const { rows } = await tx.query<{ current: Json | null }>(
    `select ${column} as current from auth.users where id = $1 for update`,
    [userId],
  );
  const merged: Json = { ...(rows[0]?.current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  await tx.query(`update auth.users set ${column} = $2, updated_at = $3 where id = $1`, [
    userId,
    JSON.stringify(merged),
    at,
  ]);
}

export async function confirmEmail({ now }: AuthService, tx: Queryable, userId: string) {
  const at = iso(now());
  await tx.query(
    `update auth.users
          set email_confirmed_at = coalesce(email_confirmed_at, $2), confirmation_token = '',
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
              updated_at = $2
        where id = $1`,
    [userId, at],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
        where user_id = $1 and provider = 'email'`,
    [userId, at],
  );
  await tx.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'",
    [userId],
  );
}

export async function markSignIn({ now }: AuthService, tx: Queryable, userId: string) {
  const at = iso(now());
  await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [userId, at]);
  await tx.query(
    "update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'email'",
    [userId, at],
  );
}

/** A new email/password user with its email identity (GoTrue's signupNewUser + createNewIdentity). */
export async function insertEmailUser(
  { now }: AuthService,
  tx: Queryable,
  input: {
    id: string;
    email: string;
    passwordHash: string | null;
    metadata: Json;
    identityData: Json;
    appMetadata?: Json;
  },
) {
  const at = iso(now());
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
                               raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6, $6,
               false)`,
    [
      input.id,
      input.email,
      input.passwordHash,
      JSON.stringify({ ...input.appMetadata, provider: 'email', providers: ['email'] }),
      JSON.stringify(input.metadata),
      at,
    ],
  );
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $2, $3, $4, 'email', $5, $5)`,
    [randomUUID(), input.id, input.id, JSON.stringify(input.identityData), at],
  );
}

export async function applyEmailChange(
  { now }: AuthService,
  tx: Queryable,
  userId: string,
  newEmail: string,
) {
  const at = iso(now());
  await tx.query(
    `update auth.users
          set email = $2, email_change = '', email_change_token_new = '', email_change_sent_at = null,
              email_change_token_current = '', email_change_confirm_status = 0,
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $4::text),
              updated_at = $3
        where id = $1`,
    [userId, newEmail, at, newEmail],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = $3
        where user_id = $1 and provider = 'email'`,
    [userId, newEmail, at],
  );
  await tx.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type in ('email_change_token_new', 'email_change_token_current')",
    [userId],
  );
}
