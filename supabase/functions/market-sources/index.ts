import handler from './handler.ts';

// PORT only matters when this file is run directly with `deno run` (tests); the Supabase runtime ignores it.
Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8000) }, (req) => handler(req, Deno.env.toObject()));
