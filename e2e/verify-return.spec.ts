// Issue 14, point 2, in Chromium against the emulator: someone who signs up from the Explorer's search comes back
// from the confirmation email to that search, filled in and run; a login refused as unverified offers a new link,
// which arrives; and the emails' footer links to the site the request came from, not to a fixed address.
import { mkdirSync } from 'node:fs';
import type { Page } from './support/fixtures';
import { env, expect, openPage, test } from './support/fixtures';
import { submitSearch } from './support/explorer';
import { fillRegistration, submitLogin, submitRegistration } from './support/login';
import { insertListings, madeUpWord } from './support/seed';

// One account and one set of listings per file, made once: the tests of a file run in order in one worker.
test.describe.configure({ mode: 'serial' });

type Mail = { id: string; to: string; subject: string; links: string[]; created_at: string };

const shots = '/tmp/shots';
const brand = madeUpWord();
const email = `return.${brand}@example.com`;
const password = 'return-secret-1';
const itemName = `${brand} jacket`;

async function messages(to: string): Promise<Mail[]> {
  const url = `${env.supabaseUrl}/_mail/api/messages?to=${encodeURIComponent(to)}`;
  return (await (await fetch(url)).json()) as Mail[];
}

/** Waits for the `count`-th email to `to` and returns it. */
async function nthMail(to: string, count: number): Promise<Mail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = await messages(to);
    if (list.length >= count)
      return [...list].sort((a, b) => a.created_at.localeCompare(b.created_at))[count - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fewer than ${count} emails to ${to}`);
}

const verifyLink = (mail: Mail) => mail.links.find((l) => l.includes('/auth/v1/verify'))!;
const dialog = (page: Page) => page.getByRole('dialog');

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  await insertListings(brand, 10, 7);
});

test.describe('from the Explorer, through the confirmation email, back to the search', () => {
  let page: Page;
  let first: Mail;
  let secondLink = '';

  test('a visitor searches, registers from the dialog that opens, and the email links back to that search', async ({
    browser,
  }) => {
    page = await openPage(browser);
    await page.goto('/thriftingexplorer');
    await submitSearch(page, itemName);
    await dialog(page).getByRole('tab', { name: 'Create an Account' }).click();
    const d = dialog(page);
    await fillRegistration(d, { first: 'Rita', last: 'Moreno', email, zip: '60614', password });
    await submitRegistration(d);
    await d.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    expect(await d.getByRole('button', { name: 'Resend verification email' }).isEnabled()).toBe(true);
    await page.screenshot({ path: `${shots}/verify-check-email-1280.png` });
    await d.getByRole('button', { name: 'Done' }).click();

    first = await nthMail(email, 1);
    const back = new URL(new URL(verifyLink(first)).searchParams.get('redirect_to')!);
    expect(back.origin).toBe(env.baseURL);
    expect(back.pathname).toBe('/thriftingexplorer');
    expect(back.searchParams.get('q')).toBe(itemName);
    expect(back.searchParams.get('condition')).toBe('pre_owned');
  });

  test("the email's footer links to this site's origin, not a fixed localhost address", () => {
    const footer = first.links.filter((l) => !l.includes('/auth/v1/verify'));
    expect(footer.length).toBeGreaterThan(0);
    for (const link of footer) expect(new URL(link).origin).toBe(env.baseURL);
  });

  test("a login before verifying offers 'Resend verification email', which sends a new link", async () => {
    // config.toml's resend window is a second locally (a minute on hosted Supabase): be past it.
    await new Promise((r) => setTimeout(r, 1100));
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await submitLogin(dialog(page), email, password);
    const resend = dialog(page).getByRole('button', { name: 'Resend verification email' });
    await resend.click();
    await dialog(page)
      .getByText(/a new link is on its way/)
      .waitFor();
    expect(await resend.isDisabled()).toBe(true);
    expect(
      await dialog(page)
        .getByText(/You can ask for another email in \d+ s\./)
        .isVisible(),
    ).toBe(true);
    await page.screenshot({ path: `${shots}/verify-resend-1280.png` });

    const second = await nthMail(email, 2);
    expect(verifyLink(second)).not.toBe(verifyLink(first));
    // Opened from the header this time, the dialog still knows the search: it is in the address.
    const back = new URL(new URL(verifyLink(second)).searchParams.get('redirect_to')!);
    expect(back.origin + back.pathname).toBe(`${env.baseURL}/thriftingexplorer`);
    expect(back.searchParams.get('q')).toBe(itemName);
    expect(back.searchParams.get('condition')).toBe('pre_owned');
    secondLink = verifyLink(second);
    await page.keyboard.press('Escape');
  });

  test('the first link no longer works once a new one is sent', async ({ newPage }) => {
    const stale = await newPage();
    await stale.goto(verifyLink(first));
    await dialog(stale)
      .getByText(/invalid or has expired/)
      .waitFor();
  });

  test('the new link lands on the search, filled in, and runs it once signed in', async ({ newPage }) => {
    // A new tab at phone width, as from a mail app: nothing of the search is left in this one's memory.
    const fromMail = await newPage({ width: 390, height: 844 });
    await fromMail.goto(secondLink);
    await fromMail.getByTestId('sell-through-rate').waitFor();
    const url = new URL(fromMail.url());
    expect(url.pathname).toBe('/thriftingexplorer');
    expect(url.hash).toBe('');
    expect(await fromMail.getByLabel('Item Name').inputValue()).toBe(itemName);
    expect(await fromMail.getByTestId('sell-through-rate').textContent()).toBe('70%');
    expect(await fromMail.getByTestId('account-needed').count()).toBe(0);
    await fromMail.screenshot({ path: `${shots}/verify-return-390.png` });
  });
});
