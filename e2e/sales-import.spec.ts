// "Your sales" end to end (issue 21), in Chromium against the emulator: a file we do not recognise goes through the
// column mapping, which is remembered for the next file with the same columns; the Explorer shows "Your history"
// beside the market's figures; axe finds nothing serious on the import steps and on Your sales; a title written as a
// spreadsheet formula is imported as written and comes back escaped in the rows-with-problems download; a binary file
// or a workbook is refused with a reason, and another file can be picked after it. Every export's preset, its counts
// and the figures of Your sales: e2e/sales-import-exports.spec.ts. Every test makes its own account.
import { readFileSync, writeFileSync } from 'node:fs';
import Papa from 'papaparse';
import { seriousViolations } from './support/axe';
import { marketRows, submitSearch } from './support/explorer';
import { expect, test, type Page } from './support/fixtures';
import {
  expectPreview,
  importAnother,
  importFixture,
  importShown,
  newSeller,
  openImport,
  pick,
  stepHeading,
  type Fixture,
} from './support/sales-import';
import { insertRows, madeUpWord } from './support/seed';

// Line 7, the Patagonia row, has the price "abc".
const flipwiseCsv: Fixture = {
  file: 'flipwise.csv',
  preset: 'flipwise',
  records: 7,
  ready: 6,
  problems: 1,
  notItems: 0,
};
const flipwiseJsonl: Fixture = {
  file: 'flipwise.jsonl',
  preset: 'flipwise',
  records: 6,
  ready: 6,
  problems: 0,
  notItems: 0,
};
const unknownCounts = { records: 6, ready: 6, problems: 0, notItems: 0 };

/** A select of the mapping step, by its field's name (the title's " *" is hidden from its name). */
const mapped = (page: Page, field: string) => page.getByRole('combobox', { name: field, exact: true });

test.describe('importing your sales', () => {
  test('maps the columns of an unknown file and remembers them for the next file with the same columns', async ({
    newPage,
  }) => {
    const { email } = await newSeller();
    const page = await openImport(newPage, email);
    await pick(page, 'unknown-format.csv');

    await expect(stepHeading(page, 'Which column is which in unknown-format.csv?')).toBeVisible();
    await expect(
      page.getByText('We filled this in from the last file you imported with the same columns.'),
    ).toHaveCount(0);
    // The guess from the header names.
    await expect(mapped(page, 'Title')).toHaveValue('Item');
    await expect(mapped(page, 'Price (sale price, or asking price if listed)')).toHaveValue('Sold price');
    await expect(mapped(page, 'Sale date')).toHaveValue('Sold on');
    await expect(mapped(page, 'Listing date')).toHaveValue('Listed on');
    await expect(mapped(page, 'Brand')).toHaveValue('Label');
    await expect(mapped(page, 'Item or line id')).toHaveValue('SKU');
    // "Platform" names each row's marketplace; the file-wide choice stays, for rows whose cell is empty (none here, so
    // it is not required).
    await expect(mapped(page, 'Marketplace')).toHaveValue('Platform');
    await expect(page.getByLabel('Marketplace of every row')).toHaveCount(0);
    await expect(page.getByLabel('Marketplace of rows whose marketplace cell is empty')).toHaveValue('');
    await expect(page.getByLabel('Condition of every row')).toHaveValue('');
    await expect(mapped(page, 'Cost of goods')).toHaveValue('');
    // A change of the user's own, which the next file with these columns must get back rather than the guess.
    await mapped(page, 'Brand').selectOption({ label: 'Not in this file' });

    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(stepHeading(page, 'Ready to import unknown-format.csv')).toBeVisible();
    await expect(page.getByTestId('import-format')).toHaveText('Read with the columns you chose.');
    const counts = page.getByTestId('import-counts').getByRole('listitem');
    await expect(counts).toHaveText([
      '6 records read (every line under the header and above it, but blank lines)',
      '6 rows ready to import',
      'No rows with problems',
    ]);
    await importShown(page, unknownCounts, 6);

    await page.getByRole('button', { name: 'Import another file' }).click();
    await pick(page, 'unknown-format.csv');
    await expect(stepHeading(page, 'Which column is which in unknown-format.csv?')).toBeVisible();
    await expect(
      page.getByText('We filled this in from the last file you imported with the same columns.'),
    ).toBeVisible();
    await expect(mapped(page, 'Title')).toHaveValue('Item');
    await expect(mapped(page, 'Brand')).toHaveValue('');
    await expect(mapped(page, 'Marketplace')).toHaveValue('Platform');
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByTestId('import-format')).toHaveText('Read with the columns you chose.');
    await importShown(page, unknownCounts, 0, 0, 6);
  });

  test('the Explorer shows "Your history" for a search that matches imported rows', async ({ newPage }) => {
    const { email } = await newSeller();
    // The card sits beside the market's figures, so the market needs comparables for the search: the e2e emulator
    // has no demo market. Levi's 501 jeans, pre-owned, imported: two listed and one sold in the last 90 days.
    const tag = madeUpWord();
    const title = "Levi's 501 Original Fit Jeans W32 L32";
    const levis = () => ({ marketplace: 'ebay', brand: "Levi's", category: 'jeans', source: 'import' });
    await insertRows([
      ...marketRows(`sales-e2e-${tag}`, title, 'available', 2, levis),
      ...marketRows(`sales-e2e-${tag}`, title, 'sold', 1, levis),
    ]);

    const page = await openImport(newPage, email);
    // flipwise.csv's Levi's 501 row is pre-owned and sold.
    await importFixture(page, flipwiseCsv);

    await page.goto('/thriftingexplorer');
    await submitSearch(page, 'levis 501');
    await expect(page.getByText('Results for “levis 501”')).toBeVisible();
    await expect(page.getByTestId('sell-through-rate').first()).toBeVisible();
    const history = page.getByTestId('your-history');
    await expect(history).toBeVisible();
    await expect(history).toContainText('Your history');
    const figure = (label: string) =>
      history
        .locator('dl > div')
        .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
        .getByRole('definition');
    await expect(figure('You sold')).toHaveText('1');
    await expect(figure('You listed')).toHaveText('0');
  });

  // Two tests, not one: each axe run takes seconds of CPU, and five of them with two imports passed the test timeout
  // on a slow machine running two workers. The four steps' runs still take over half of it there.
  test('axe finds no serious or critical violation on the import steps', async ({ newPage }) => {
    test.slow();
    const { email } = await newSeller();
    const page = await openImport(newPage, email);
    await expect(stepHeading(page, 'Choose a file')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'pick step').toEqual([]);

    // The preview with a row that has problems, so its list and download button are checked too.
    await pick(page, flipwiseCsv.file);
    await expectPreview(page, flipwiseCsv);
    expect(await seriousViolations(page), 'preview step').toEqual([]);
    await importShown(page, flipwiseCsv, 6);
    expect(await seriousViolations(page), 'result step').toEqual([]);
    await importAnother(page);

    // The mapping step, with its whole-file choices.
    await pick(page, 'unknown-format.csv');
    await expect(stepHeading(page, 'Which column is which in unknown-format.csv?')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'mapping step').toEqual([]);
  });

  test('axe finds no serious or critical violation on Your sales, with sales in it', async ({ newPage }) => {
    const { email } = await newSeller();
    const page = await openImport(newPage, email);
    await importFixture(page, flipwiseCsv);
    await importFixture(page, flipwiseJsonl);

    await page.goto('/account/sales');
    await expect(page.getByTestId('sales-sell-through')).toBeVisible();
    await page.getByText('Show as a table', { exact: true }).click();
    await expect(page.getByRole('table', { name: 'Sold per month' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), '/account/sales').toEqual([]);
  });

  test('imports a title written as a spreadsheet formula as written, and every download escapes it', async ({
    newPage,
  }) => {
    const { email } = await newSeller();
    const file = test.info().outputPath('formula.csv');
    const evil = '=HYPERLINK("http://evil.example","click")';
    const q = (text: string) => `"${text.replace(/"/g, '""')}"`;
    writeFileSync(
      file,
      [
        'marketplace,external_id,title,brand,category,size,colour,condition,status,price,currency,listed_at,sold_at,url',
        `ebay,eb-evil-1,${q(evil)},Levi's,Jeans,W32 L32,Blue,pre_owned,sold,30.00,USD,2026-01-02,2026-01-10,`,
        // Refused (its price), so the download has it: a formula, one after spaces, one in a full-width sign.
        `ebay,eb-evil-2,${q(evil)},Levi's,Jeans,W32 L32,Blue,pre_owned,sold,abc,USD,2026-01-02,2026-01-10,`,
        `ebay,eb-evil-3,${q('  =1+1')},${q('＝HYPERLINK("x")')},Jeans,W32 L32,Blue,pre_owned,sold,abc,USD,2026-01-02,2026-01-10,`,
      ].join('\n') + '\n',
    );
    const page = await openImport(newPage, email);
    await pick(page, file);
    const counts = { records: 3, ready: 1, problems: 2, notItems: 0 };
    await expectPreview(page, { file: 'formula.csv', preset: 'flipwise', ...counts });
    // Shown as text, exactly as the seller wrote it.
    await expect(page.getByRole('region', { name: 'Rows that will be imported' })).toContainText(evil);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download rows with problems (CSV)' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const cells = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    const header = cells[0]!;
    const evilRow = cells.find((row) => row.includes('eb-evil-2'));
    expect(evilRow, 'the refused row is in the download').toBeDefined();
    expect(evilRow![header.indexOf('title')]).toBe(`'${evil}`);
    const spaced = cells.find((row) => row.includes('eb-evil-3'))!;
    expect(spaced[header.indexOf('title')]).toBe("'  =1+1");
    expect(spaced[header.indexOf('brand')]).toBe(`'＝HYPERLINK("x")`);
    // No text cell, anywhere, starts as a formula would; every one is quoted.
    for (const row of cells) for (const cell of row) expect(cell).not.toMatch(/^[\s\u3000]*[=+\-@＝＋－＠]/);
    expect(text).not.toMatch(/(^|[,\r\n])"?=HYPERLINK\(/);
    expect(text.split('\r\n')[0]).toMatch(/^"Line","Why it was not imported","marketplace",/);

    await importShown(page, counts, 1);
  });

  test('refuses a binary file and a workbook with the reason, and lets you pick another file', async ({
    newPage,
  }) => {
    const { email } = await newSeller();
    const page = await openImport(newPage, email);
    const alert = page.getByRole('alert').filter({ hasText: 'We could not read this file' });

    await pick(page, {
      name: 'sales.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x49, 0x74, 0x65, 0x6d, 0x00, 0x01, 0xff, 0x00, 0x0a]),
    });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('This file holds binary data, not text.');
    await expect(stepHeading(page, 'Choose a file')).toBeVisible();

    await pick(page, {
      name: 'sales.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 0x14)]),
    });
    await expect(alert).toContainText('This is a workbook (such as .xlsx), not a CSV file.');
    await expect(alert).not.toContainText('binary data');

    // The page still takes a file, and reads it.
    await pick(page, 'flipwise.jsonl');
    await expectPreview(page, flipwiseJsonl);
    await expect(alert).toHaveCount(0);
  });
});
