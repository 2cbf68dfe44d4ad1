// "Your sales" end to end (issue 21), in Chromium against the emulator: every marketplace export of
// tests/fixtures/sales is recognised, previewed and imported, and importing it again adds nothing; a file we do not
// recognise goes through the column mapping, which is remembered for the next file with the same columns; the figures
// of /account/sales equal the same figures computed with SQL in a separate PGlite from the rows the database holds;
// the Explorer shows "Your history" beside the market's figures; axe finds nothing serious; a title written as a
// spreadsheet formula is refused and comes back escaped in the rows-with-problems download; a binary file or a
// workbook is refused with a reason, and another file can be picked after it. Every test makes its own account.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Papa from 'papaparse';
import {
  formatCount,
  formatDays,
  formatMoney,
  formatMonthLong,
  formatPercent,
} from '../src/features/sales/lib/format';
import { formatPresets } from '../src/features/sales/lib/import/formats';
import { salesMessages } from '../src/features/sales/messages';
import { seriousViolations } from './support/axe';
import { marketRows, submitSearch } from './support/explorer';
import { expect, test, type NewPage, type Page } from './support/fixtures';
import { createVerifiedUser, insertRows, madeUpWord, serviceClient } from './support/seed';
import { logInThroughDialog } from './support/login';

const fixtures = path.resolve('tests/fixtures/sales');
const password = 'sales-secret-1';

/** A fresh verified account per test: the project runs fully parallel, so nothing is shared between tests. */
async function newSeller(): Promise<{ email: string; userId: string }> {
  const email = `sales.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const userId = await createVerifiedUser(email, password, { first: 'Sal', last: 'Esby' });
  return { email, userId };
}

/** A fresh page, logged in as `email` from the home page, on the first step of the import. */
async function openImport(newPage: NewPage, email: string): Promise<Page> {
  const page = await newPage();
  await page.goto('/');
  await logInThroughDialog(page, email, password);
  await page.goto('/account/sales/import');
  return page;
}

const presetName = (id: string) => {
  const preset = formatPresets.find((p) => p.id === id);
  if (!preset) throw new Error(`no preset ${id} in formats.ts`);
  return preset.name;
};

type Fixture = { file: string; preset: string; ready: number; problems: number; skipped?: number };

/** One file per preset, both forms of ours; the counts are read off the files by hand (see their README). */
const recognised: Fixture[] = [
  // 7 orders; the "7,record(s) downloaded,…" and "Seller ID : …" footer lines are not items.
  { file: 'ebay-orders.csv', preset: 'ebay-orders', ready: 7, problems: 0, skipped: 2 },
  { file: 'ebay-active-listings.csv', preset: 'ebay-active-listings', ready: 7, problems: 0 },
  { file: 'poshmark-sales.csv', preset: 'poshmark-sales', ready: 7, problems: 0 },
  { file: 'depop-sales.csv', preset: 'depop-sales', ready: 7, problems: 0 },
  { file: 'mercari-sales.csv', preset: 'mercari-sales', ready: 7, problems: 0 },
  { file: 'vendoo-inventory.csv', preset: 'vendoo-inventory', ready: 7, problems: 0 },
  // Line 7, the Patagonia row, has the price "abc".
  { file: 'flipwise.csv', preset: 'flipwise', ready: 6, problems: 1 },
  { file: 'flipwise.jsonl', preset: 'flipwise', ready: 6, problems: 0 },
];

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;
const summary = (added: number, already: number, rejected: number) =>
  `${formatCount(added)} new ${added === 1 ? 'row' : 'rows'} added, 0 rows updated, ` +
  `${formatCount(already)} ${already === 1 ? 'row was' : 'rows were'} already there, ` +
  `${rows(rejected)} not imported.`;

/** A select of the mapping step, by its field's name (the title's " *" is hidden from its name). */
const mapped = (page: Page, field: string) => page.getByRole('combobox', { name: field, exact: true });
const fileInput = (page: Page) => page.getByLabel('Sales or listings file');
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** Picks a file on the import page's first step. */
async function pick(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await fileInput(page).setInputFiles(typeof file === 'string' ? path.resolve(fixtures, file) : file);
}

/** The preview of a recognised file: its format, its counts, its problems. */
async function expectPreview(page: Page, f: Fixture) {
  await expect(stepHeading(page, `Ready to import ${f.file}`)).toBeVisible();
  await expect(page.getByTestId('import-format')).toContainText(`Recognised: ${presetName(f.preset)}`);
  const counts = page.getByTestId('import-counts').getByRole('listitem');
  await expect(counts.nth(0)).toHaveText(`${rows(f.ready)} ready to import`);
  await expect(counts.nth(1)).toHaveText(
    f.problems === 0
      ? 'No rows with problems'
      : `${formatCount(f.problems)} ${f.problems === 1 ? 'row has' : 'rows have'} problems and will not be imported`,
  );
  if (f.skipped) {
    await expect(counts).toHaveCount(3);
    await expect(counts.nth(2)).toHaveText(
      `${formatCount(f.skipped)} lines under the table that are not items`,
    );
  } else await expect(counts).toHaveCount(2);
  if (f.problems === 0) await expect(page.getByTestId('import-problems')).toHaveCount(0);
  else await expect(page.getByTestId('import-problems').getByRole('listitem')).toHaveCount(f.problems);
}

async function importShown(page: Page, ready: number, result: string) {
  await page.getByRole('button', { name: `Import ${rows(ready)}`, exact: true }).click();
  await expect(stepHeading(page, 'Import finished')).toBeVisible();
  await expect(page.getByTestId('import-result')).toHaveText(result);
}

/** Imports a recognised fixture from the pick step and comes back to it; the first time for this account. */
async function importFixture(page: Page, f: Fixture) {
  await pick(page, f.file);
  await expectPreview(page, f);
  await importShown(page, f.ready, summary(f.ready, 0, f.problems));
  await page.getByRole('button', { name: 'Import another file' }).click();
  await expect(stepHeading(page, 'Choose a file')).toBeVisible();
}

/** unknown-format.csv through the mapping step with the guessed columns, then imported. */
async function importUnknownFormat(page: Page) {
  await pick(page, 'unknown-format.csv');
  await expect(stepHeading(page, 'Which column is which in unknown-format.csv?')).toBeVisible();
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(stepHeading(page, 'Ready to import unknown-format.csv')).toBeVisible();
  await importShown(page, 6, summary(6, 0, 0));
  await page.getByRole('button', { name: 'Import another file' }).click();
  await expect(stepHeading(page, 'Choose a file')).toBeVisible();
}

test.describe('importing your sales', () => {
  test('recognises every preset and both Flipwise forms, imports each, and a second import adds nothing', async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    // Every preset has a fixture here: a new preset without one fails this test instead of going untested.
    expect(new Set(recognised.map((f) => f.preset))).toEqual(new Set(formatPresets.map((p) => p.id)));
    const { email } = await newSeller();
    const page = await openImport(newPage, email);
    await expect(stepHeading(page, 'Choose a file')).toBeVisible();

    for (const f of recognised) {
      await test.step(f.file, async () => {
        await pick(page, f.file);
        await expectPreview(page, f);
        if (f.file === 'flipwise.csv')
          await expect(page.getByTestId('import-problems').getByRole('listitem')).toHaveText([
            /^Line 7:\s*price “abc” is not a number$/,
          ]);
        await importShown(page, f.ready, summary(f.ready, 0, f.problems));

        // The same file again: recognised by marketplace and id (or content), nothing added or changed.
        await page.getByRole('button', { name: 'Import another file' }).click();
        await expect(stepHeading(page, 'Choose a file')).toBeVisible();
        await pick(page, f.file);
        await expectPreview(page, f);
        await importShown(page, f.ready, summary(0, f.ready, f.problems));
        await page.getByRole('button', { name: 'Import another file' }).click();
        await expect(stepHeading(page, 'Choose a file')).toBeVisible();
      });
    }
  });

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
    await expect(mapped(page, 'Order or item id')).toHaveValue('SKU');
    // "Platform" names each row's marketplace, so the file-wide choice is not asked for.
    await expect(mapped(page, 'Marketplace')).toHaveValue('Platform');
    await expect(page.getByLabel('Marketplace of every row')).toHaveCount(0);
    // A change of the user's own, which the next file with these columns must get back rather than the guess.
    await mapped(page, 'Brand').selectOption({ label: 'Not in this file' });

    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(stepHeading(page, 'Ready to import unknown-format.csv')).toBeVisible();
    await expect(page.getByTestId('import-format')).toHaveText('Read with the columns you chose.');
    const counts = page.getByTestId('import-counts').getByRole('listitem');
    await expect(counts).toHaveText(['6 rows ready to import', 'No rows with problems']);
    await importShown(page, 6, summary(6, 0, 0));

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
    await importShown(page, 6, summary(0, 6, 0));
  });

  test('Your sales shows figures equal to a direct SQL computation over the imported rows', async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    const { email, userId } = await newSeller();
    const page = await openImport(newPage, email);
    await expect(stepHeading(page, 'Choose a file')).toBeVisible();
    for (const f of recognised) await test.step(f.file, () => importFixture(page, f));
    await test.step('unknown-format.csv', () => importUnknownFormat(page));

    const { data, error } = await serviceClient()
      .from('seller_items')
      .select('status, price, currency, listed_at, sold_at')
      .eq('user_id', userId);
    if (error) throw error;
    expect(data).toHaveLength(recognised.reduce((n, f) => n + f.ready, 0) + 6);

    const db = new PGlite();
    try {
      await db.exec(`create temp table items (status text not null, price numeric(12, 2), currency text not null,
        listed_at timestamptz, sold_at timestamptz)`);
      await db.query(
        `insert into items select * from jsonb_to_recordset($1::jsonb)
           as r(status text, price numeric, currency text, listed_at timestamptz, sold_at timestamptz)`,
        [JSON.stringify(data)],
      );
      const figures = await db.query<{
        listed: number;
        sold: number;
        sell_through: string;
        median_days: string | null;
        median_price: string | null;
        currency: string | null;
      }>(`
        with money as (
          select mode() within group (order by currency) as currency
          from items where status = 'sold' and price is not null
        ),
        counts as (
          select count(*) filter (where status = 'available')::int as listed,
            count(*) filter (where status = 'sold')::int as sold,
            round((percentile_cont(0.5) within group (order by extract(epoch from sold_at - listed_at) / 86400)
              filter (where status = 'sold' and listed_at is not null))::numeric, 1) as median_days,
            round((percentile_cont(0.5) within group (order by price)
              filter (where status = 'sold' and price is not null
                and currency = (select currency from money)))::numeric, 2) as median_price
          from items
        )
        select c.listed, c.sold,
          case when c.listed > 0 then round(c.sold * 100.0 / c.listed) else 0 end as sell_through,
          c.median_days, c.median_price, (select currency from money) as currency
        from counts c`);
      const f = figures.rows[0]!;
      // Sold per month over the last 12 months, the months named as the table names them.
      const months = await db.query<{ month: string; sold: number }>(`
        select to_char(gs, 'YYYY-MM') as month,
          (select count(*) from items i where i.status = 'sold' and date_trunc('month', i.sold_at) = gs)::int as sold
        from generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()),
          interval '1 month') gs
        order by gs`);

      expect(f.median_days).not.toBeNull();
      expect(f.median_price).not.toBeNull();
      await page.goto('/account/sales');
      await expect(page.getByTestId('sales-sell-through')).toHaveText(formatPercent(Number(f.sell_through)));
      await expect(page.getByTestId('sales-median-days')).toHaveText(formatDays(Number(f.median_days)));
      await expect(page.getByTestId('sales-median-price')).toHaveText(
        formatMoney(Number(f.median_price), f.currency),
      );
      await expect(
        page.getByText(salesMessages.dashboard.soldOfListed(formatCount(f.sold), formatCount(f.listed)), {
          exact: true,
        }),
      ).toBeVisible();

      // The chart's figures as a table too, for screen readers and keyboards.
      await expect(page.getByTestId('sales-monthly-chart')).toBeVisible();
      await page.getByText('Show as a table', { exact: true }).click();
      const table = page.getByRole('main').getByRole('table', { name: 'Sold per month' });
      await expect(table).toBeVisible();
      await expect(table.locator('tbody tr')).toHaveText(
        months.rows.map((m) => new RegExp(`^${formatMonthLong(m.month)}\\s*${formatCount(m.sold)}\\b`)),
        { useInnerText: true },
      );
    } finally {
      await db.close();
    }
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
    await importFixture(
      page,
      recognised.find((f) => f.file === 'flipwise.csv')!,
    );

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

  test('axe finds no serious or critical violation on the import steps and on Your sales', async ({
    newPage,
  }) => {
    const { email } = await newSeller();
    const page = await openImport(newPage, email);
    await expect(stepHeading(page, 'Choose a file')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'pick step').toEqual([]);

    // The preview with a row that has problems, so its list and download button are checked too.
    const flipwiseCsv = recognised.find((f) => f.file === 'flipwise.csv')!;
    await pick(page, flipwiseCsv.file);
    await expectPreview(page, flipwiseCsv);
    expect(await seriousViolations(page), 'preview step').toEqual([]);
    await importShown(page, 6, summary(6, 0, 1));
    await page.getByRole('button', { name: 'Import another file' }).click();
    await importFixture(
      page,
      recognised.find((f) => f.file === 'flipwise.jsonl')!,
    );

    await page.goto('/account/sales');
    await expect(page.getByTestId('sales-sell-through')).toBeVisible();
    await page.getByText('Show as a table', { exact: true }).click();
    await expect(page.getByRole('table', { name: 'Sold per month' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), '/account/sales').toEqual([]);
  });

  test('refuses a title written as a spreadsheet formula, and the download escapes it', async ({
    newPage,
  }) => {
    const { email } = await newSeller();
    const file = test.info().outputPath('formula.csv');
    const evil = '=HYPERLINK("http://evil.example","click")';
    writeFileSync(
      file,
      [
        'marketplace,external_id,title,brand,category,size,colour,condition,status,price,currency,listed_at,sold_at,url',
        "ebay,eb-ok-1,Levi's 501 Original Fit Jeans W32 L32,Levi's,Jeans,W32 L32,Blue,pre_owned,sold,30.00,USD,2026-01-02,2026-01-10,",
        `ebay,eb-evil-1,"${evil.replace(/"/g, '""')}",Levi's,Jeans,W32 L32,Blue,pre_owned,sold,30.00,USD,2026-01-02,2026-01-10,`,
      ].join('\n') + '\n',
    );
    const page = await openImport(newPage, email);
    await pick(page, file);
    await expectPreview(page, { file: 'formula.csv', preset: 'flipwise', ready: 1, problems: 1 });
    await expect(page.getByTestId('import-problems').getByRole('listitem')).toHaveText([/^Line 3:.*formula/]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download rows with problems (CSV)' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(text).toContain(`'=HYPERLINK(`);
    const cells = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    const header = cells[0]!;
    const evilRow = cells.find((row) => row.includes('eb-evil-1'));
    expect(evilRow, 'the refused row is in the download').toBeDefined();
    expect(evilRow![header.indexOf('title')]).toBe(`'${evil}`);
    // No cell, anywhere, starts as a formula would.
    for (const row of cells) for (const cell of row) expect(cell).not.toMatch(/^\s*[=+\-@]/);
    expect(text).not.toMatch(/(^|[,\r\n])"?=HYPERLINK\(/);
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
    await expectPreview(
      page,
      recognised.find((f) => f.file === 'flipwise.jsonl')!,
    );
    await expect(alert).toHaveCount(0);
  });
});
