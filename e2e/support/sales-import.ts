// The sales import's screens, as a seller uses them: a fresh account, the first step, picking a file, the preview's
// counts and the result line. Shared by e2e/sales-import.spec.ts and e2e/sales-import-exports.spec.ts.
import path from 'node:path';
import { formatCount } from '../../src/features/sales/lib/format';
import { formatPresets } from '../../src/features/sales/lib/import/formats';
import { expect, type NewPage, type Page } from './fixtures';
import { logInThroughDialog } from './login';
import { createVerifiedUser } from './seed';

export const fixtures = path.resolve('tests/fixtures/sales');
const password = 'sales-secret-1';

/** A fresh verified account per test: the projects run in parallel, so nothing is shared between tests. */
export async function newSeller(): Promise<{ email: string; userId: string }> {
  const email = `sales.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const userId = await createVerifiedUser(email, password, { first: 'Sal', last: 'Esby' });
  return { email, userId };
}

/** A fresh page, logged in as `email` from the home page, on the first step of the import. */
export async function openImport(newPage: NewPage, email: string): Promise<Page> {
  const page = await newPage();
  await page.goto('/');
  await logInThroughDialog(page, email, password);
  await page.goto('/account/sales/import');
  return page;
}

export const presetName = (id: string) => {
  const preset = formatPresets.find((p) => p.id === id);
  if (!preset) throw new Error(`no preset ${id} in formats.ts`);
  return preset.name;
};

/** What the preview and the result line say about a file: its records, and where each one ends. */
export type Counts = { records: number; ready: number; problems: number; notItems: number };
export type Fixture = Counts & { file: string; preset: string };

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
export const rows = (n: number) => plural(n, 'row', 'rows');

/** The result line of a finished import. */
export const summary = (c: Counts, added: number, updated: number, already: number) =>
  `${plural(c.records, 'record', 'records')} read: ${plural(added, 'new row', 'new rows')} added, ` +
  `${rows(updated)} updated, ${plural(already, 'row was', 'rows were')} already there, ` +
  `${rows(c.problems)} not imported, ${plural(c.notItems, 'line', 'lines')} not items.`;

export const fileInput = (page: Page) => page.getByLabel('Sales or listings file');
export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

/** Picks a file on the import page's first step. */
export async function pick(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await fileInput(page).setInputFiles(typeof file === 'string' ? path.resolve(fixtures, file) : file);
}

/** The preview of a recognised file: its format, and its counts in the order the page lists them. */
export async function expectPreview(page: Page, f: Fixture) {
  await expect(stepHeading(page, `Ready to import ${f.file}`)).toBeVisible();
  await expect(page.getByTestId('import-format')).toContainText(`Recognised: ${presetName(f.preset)}`);
  await expect(page.getByTestId('import-counts').getByRole('listitem')).toHaveText([
    `${plural(f.records, 'record', 'records')} read (every line under the header and above it, but blank lines)`,
    `${rows(f.ready)} ready to import`,
    f.problems === 0
      ? 'No rows with problems'
      : `${plural(f.problems, 'row has', 'rows have')} problems and will not be imported`,
    ...(f.notItems ? [`${plural(f.notItems, 'line is', 'lines are')} not items`] : []),
  ]);
  if (f.problems === 0) await expect(page.getByTestId('import-problems')).toHaveCount(0);
  else await expect(page.getByTestId('import-problems').getByRole('listitem')).toHaveCount(f.problems);
  if (f.notItems === 0) await expect(page.getByTestId('import-not-items')).toHaveCount(0);
  else await expect(page.getByTestId('import-not-items').getByRole('listitem')).toHaveCount(f.notItems);
}

/** Imports what the preview shows and checks the result line, which adds up to the records read. */
export async function importShown(page: Page, c: Counts, added: number, updated = 0, already = 0) {
  await page.getByRole('button', { name: `Import ${rows(c.ready)}`, exact: true }).click();
  await expect(stepHeading(page, 'Import finished')).toBeVisible();
  await expect(page.getByTestId('import-result')).toHaveText(summary(c, added, updated, already));
  await expect(page.getByTestId('import-adds-up')).toHaveText(
    'Every record of the file is in exactly one of these counts.',
  );
}

/** Back to the first step after a finished import. */
export async function importAnother(page: Page) {
  await page.getByRole('button', { name: 'Import another file' }).click();
  await expect(stepHeading(page, 'Choose a file')).toBeVisible();
}

/** Imports a recognised fixture from the pick step for the first time, and comes back to it. */
export async function importFixture(page: Page, f: Fixture) {
  await pick(page, f.file);
  await expectPreview(page, f);
  await importShown(page, f, f.ready);
  await importAnother(page);
}
