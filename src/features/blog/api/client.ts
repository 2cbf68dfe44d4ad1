import { loadSupabase } from '@/lib/load-supabase';

/**
 * The blog's Supabase client, loaded with the first blog read rather than with the blog's pages: a prerendered page
 * arrives with its data and never reads, so supabase-js stays off its critical path (docs/decisions/036-prerendered-pages.md).
 */
export const blogClient = loadSupabase;
