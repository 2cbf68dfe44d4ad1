// JSON responses and the errors a handler turns into them. Generic: any function can throw HttpError.
import { corsHeaders } from './cors.ts';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

/** An error whose message is safe to show the caller; `extra` fields join the JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorResponse(error: HttpError): Response {
  return json({ error: error.message, ...error.extra }, error.status, error.headers);
}

/** Reads a JSON object body; anything else is the caller's mistake (400). */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) throw new HttpError(400, 'Request body must be a JSON object.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be a JSON object.');
  }
  checkJsonValue(body);
  return body;
}

/** Deeper than any body a function takes: a deeply nested body is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;
// An unpaired surrogate is not text at all (issue 12: it used to reach the database and come back as a 503). Control
// characters such as NUL are each function's business: the contact form drops them, the search refuses them.
const NOT_TEXT = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** 400 for a body a person could not have typed: unpaired surrogates, nesting past MAX_JSON_DEPTH. */
export function checkJsonValue(value: unknown, depth = 0): void {
  if (depth > MAX_JSON_DEPTH) throw new HttpError(400, 'Request body is nested too deeply.');
  if (typeof value === 'string') {
    if (NOT_TEXT.test(value))
      throw new HttpError(
        400,
        'Request body contains characters that are not text (a broken emoji or symbol).',
      );
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) checkJsonValue(item, depth + 1);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      checkJsonValue(key, depth + 1);
      checkJsonValue(item, depth + 1);
    }
  }
}

/** Runs a handler body, turning HttpError into its response and anything unexpected into a 500 with CORS. */
export async function withErrors(
  run: () => Promise<Response>,
  log: (message: string) => void = console.error,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    log(
      `Unhandled function error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  }
}
