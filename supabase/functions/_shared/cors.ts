// CORS for functions called from the browser by supabase-js. Every response carries these headers, errors and the
// preflight included: a response without them reaches supabase-js as a network failure, not as the error we sent.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  // Lets the browser read how long to wait after a 429.
  'Access-Control-Expose-Headers': 'retry-after',
};

/** The preflight answer; null when the request is not a preflight. */
export function preflight(req: Request): Response | null {
  if (req.method !== 'OPTIONS') return null;
  return new Response('ok', { status: 200, headers: corsHeaders });
}
