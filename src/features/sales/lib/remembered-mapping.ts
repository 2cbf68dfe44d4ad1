// A mapping the user confirmed for an unknown file, kept in this browser for the next file with the same header row
// (docs/decisions/054). Per user, so a shared computer does not hand one reseller's columns to another.
import type { ImportPlan } from './import/rows';
import { headerKey } from './import/values';

type Remembered = Pick<ImportPlan, 'mapping' | 'marketplace' | 'dayFirst' | 'condition'>;

const keyFor = (userId: string, header: string[]) =>
  `flipwise:import-mapping:${userId}:${header.map(headerKey).join('|')}`;

export function rememberMapping(userId: string, header: string[], plan: Remembered) {
  try {
    localStorage.setItem(
      keyFor(userId, header),
      JSON.stringify({
        mapping: plan.mapping,
        marketplace: plan.marketplace,
        dayFirst: plan.dayFirst,
        condition: plan.condition ?? null,
      }),
    );
  } catch {
    // Storage full or blocked: the user maps the next file again, nothing else is lost.
  }
}

export function recallMapping(userId: string, header: string[]): Remembered | null {
  try {
    const raw = localStorage.getItem(keyFor(userId, header));
    if (!raw) return null;
    const value = JSON.parse(raw) as Remembered;
    // A remembered column that this header no longer has is dropped, never pointed at another column.
    const mapping = Object.fromEntries(
      Object.entries(value.mapping ?? {}).filter(([, column]) => header.includes(column as string)),
    );
    return {
      mapping,
      marketplace: value.marketplace ?? null,
      dayFirst: Boolean(value.dayFirst),
      condition: value.condition ?? null,
    };
  } catch {
    return null;
  }
}
