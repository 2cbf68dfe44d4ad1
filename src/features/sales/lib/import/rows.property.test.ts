// Property: whatever a file built from an export's layout holds (quoting or not, CRLF or LF, a byte order mark, lines
// above the header, blank lines, padding rows of bare commas, a trailing empty cell, multi-item orders with summary
// rows, quantities, statuses, footers and totals), every record ends in exactly one place (a row to import, a refused
// row, or a line that is not an item), no two lines share a key, and importing the rows twice adds nothing the second
// time. Random files from a seeded generator, so a failure names its seed and repeats.
import { describe, expect, it } from 'vitest';
import { formatPresets } from './formats';
import { buildLoaded, loadFile } from './inspect';
import { fakeImport, randomFile } from './testing/random-export';

describe('every record of a random export file ends in exactly one place', () => {
  for (const preset of formatPresets) {
    it(preset.id, () => {
      for (let seed = 1; seed <= 40; seed++) {
        const { text, records } = randomFile(preset, seed * 7919 + preset.id.length);
        const loaded = loadFile(new TextEncoder().encode(text), `${preset.id}.csv`);
        expect(loaded.inspection.preset?.id, `seed ${seed}`).toBe(preset.id);
        const built = buildLoaded(loaded, loaded.inspection.plan!);
        expect(built.records, `seed ${seed}: records read`).toBe(records);
        const keys = built.rows.map((row) => `${row.marketplace}|${row.external_id}`);
        expect(new Set(keys).size, `seed ${seed}: no two lines share a key`).toBe(keys.length);

        const store = new Map<string, string>();
        const first = fakeImport(store, built.rows);
        expect(
          first.inserted + first.updated + first.unchanged + built.rejected.length + built.skipped.length,
          `seed ${seed}: the result adds up to the records read`,
        ).toBe(records);
        const again = fakeImport(store, buildLoaded(loaded, loaded.inspection.plan!).rows);
        expect(again, `seed ${seed}: the same file twice adds nothing`).toEqual({
          inserted: 0,
          updated: 0,
          unchanged: built.rows.length,
        });
      }
    });
  }
});
