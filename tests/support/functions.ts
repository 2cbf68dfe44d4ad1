// Raw HTTP to the emulator's edge functions, for tests of what reaches a function before supabase-js shapes it.

/**
 * POSTs `body`, exactly as given, to the function `name` the way a visitor's browser does: the anon key as apikey and
 * bearer, a JSON content type. `headers` adds to them or replaces them.
 */
export function postToFunction(
  emu: { url: string; anonKey: string },
  name: string,
  body: BodyInit,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${emu.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: emu.anonKey,
      authorization: `Bearer ${emu.anonKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });
}
