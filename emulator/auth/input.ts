// Reading a request's JSON body and checking the fields several endpoints share (the email address).
import type { Context } from 'hono';
import { jsonInputProblem } from '../json-input';
import { badRequest, validationFailed } from './errors';

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(raw: string): string {
  const email = raw.trim();
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
export const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function readJson(c: Context): Promise<Json> {
  const raw = await c.req.text();
  if (!raw.trim()) return {};
  let parsed: Json;
  try {
    parsed = JSON.parse(raw);
    if (!isObject(parsed)) throw new Error('expected a JSON object');
  } catch (err) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  // A NUL, an unpaired surrogate or absurd nesting would fail in the database as a 500 (issue 12, point 5).
  const problem = jsonInputProblem(parsed);
  if (problem) throw validationFailed(problem);
  return parsed;
}
