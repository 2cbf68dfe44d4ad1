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
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be a JSON object.');
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
