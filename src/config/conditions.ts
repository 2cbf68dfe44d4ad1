// The four conditions a listing, a sale and a search are judged in, as the database stores them (CHECK constraints in
// supabase/migrations). One list for the search form and the sales import.
export const conditions = [
  'new_with_tags',
  'new_without_tags',
  'new_with_imperfections',
  'pre_owned',
] as const;
export type Condition = (typeof conditions)[number];
