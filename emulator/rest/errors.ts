// PostgREST's error bodies and status codes (PostgREST src/library/PostgREST/Error.hs), so postgrest-js and any code
// that branches on `error.code` sees what it would see on hosted Supabase.

export type ErrorBody = { code: string; details: string | null; hint: string | null; message: string };

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }

  body(): ErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', message, details);

export const tableNotFound = (schema: string, table: string) =>
  new RestError(404, 'PGRST205', `Could not find the table '${schema}.${table}' in the schema cache`);

export const columnNotFound = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

/** What PostgreSQL itself says for an unknown column; PostgREST passes it through for select, filters and order. */
export const undefinedColumn = (table: string, column: string) =>
  new RestError(400, '42703', `column ${table}.${column} does not exist`);

export const jwtError = (expired: boolean, message: string) =>
  new RestError(401, expired ? 'PGRST303' : 'PGRST301', expired ? 'JWT expired' : message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'JWT could not be verified'}"`,
  });

type PgError = Error & { code?: string; detail?: string; hint?: string };

function statusFor(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  const prefix = code.slice(0, 2);
  if (prefix === '08' || prefix === '53') return 503;
  if (prefix === '0L' || prefix === '0P' || prefix === '28') return 403;
  if (
    ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(
      prefix,
    )
  )
    return 500;
  return 400;
}

/** Maps an error thrown by the database to a PostgREST response; anything else becomes a 500. */
export function fromDatabaseError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  const e = error as PgError;
  if (e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    const status = statusFor(e.code, role);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(status, e.code, e.message, e.detail ?? null, e.hint ?? null, headers);
  }
  return new RestError(500, 'PGRST000', e instanceof Error ? e.message : 'Internal error');
}
