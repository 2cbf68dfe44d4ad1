// The contact page end to end, in Chromium against the emulator: a message sent from the form is stored (read back
// with the service role) and reaches the support inbox; when the function cannot store it, the page says so and keeps
// what was typed.
import { mkdirSync } from 'node:fs';
import { env, expect, test, type NewPage, type Page } from './support/fixtures';
import { setFunctionEnv } from './support/function-env';

const run = Date.now().toString(36);
const shots = '/tmp/shots';
mkdirSync(shots, { recursive: true });

const toast = (page: Page, text: string) =>
  page.locator('section[aria-label="Notifications"] li', { hasText: text });
const submit = (page: Page) => page.getByRole('button', { name: /^(Send Message|Sending\.\.\.)$/ });

async function storedMessages(email: string) {
  const url = `${env.supabaseUrl}/rest/v1/contact_messages?select=name,email,message,status&email=eq.${encodeURIComponent(email)}`;
  const key = env.serviceRoleKey;
  const response = await fetch(url, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { name: string; email: string; message: string; status: string }[];
}

/**
 * Fills the form like a person: the function holds anything sent within 3 seconds of the first keystroke as
 * suspected spam (stored, not forwarded).
 */
async function fillLikeAPerson(
  page: Page,
  _shownAt: number,
  values: { name: string; email: string; message: string },
) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  // Counted once the first field is filled, so the browser's first keystroke is already behind us however slow the
  // machine: the wait below is at least 3.3 s of the form's own clock.
  const startedTyping = Date.now();
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
  await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
  const wait = 3300 - (Date.now() - startedTyping);
  if (wait > 0) await page.waitForTimeout(wait);
}

async function openContact(newPage: NewPage, width: number) {
  const page = await newPage({ width });
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
  return { page, shownAt: Date.now() };
}

test.afterAll(async () => {
  // Put the function's real key back whatever happened in the failure test.
  await setFunctionEnv(null, { function: 'contact' });
});

test.describe('/contact', () => {
  test('shows the page, checks the fields, and gates Send Message on the robot box', async ({ newPage }) => {
    for (const width of [375, 1280]) {
      const { page } = await openContact(newPage, width);
      await expect(page.getByRole('link', { name: 'support@flipwise.app' }).first()).toBeVisible();
      await expect(page).toHaveTitle('Get in Touch | Flipwise');
      await page.screenshot({ path: `${shots}/contact-${width}.png`, fullPage: true });

      await expect(submit(page)).toBeDisabled();
      await page.getByLabel('Email', { exact: true }).fill('ada@');
      await page.getByLabel('Message', { exact: true }).fill('x'.repeat(1001));
      await page.getByText("I'm not a robot").click();
      await expect(submit(page)).toBeEnabled();
      await submit(page).click();
      await expect(page.getByText('Please enter your name.')).toBeVisible();
      await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
      await expect(page.getByText('Message must be at most 1000 characters.')).toBeVisible();
      await expect(page.getByText('1001/1000')).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: `${shots}/contact-errors-${width}.png`, fullPage: true });
      await page.context().close();
    }
  });

  test('sends a message: Message sent!, the form resets, the message is stored and emailed to support', async ({
    newPage,
  }) => {
    const { page, shownAt } = await openContact(newPage, 1280);
    const email = `reseller.${run}@example.com`;
    const message = `Hi! Can I crosslist to Depop from the app? (${run})`;
    await fillLikeAPerson(page, shownAt, { name: 'Jamie Reseller', email, message });
    const tokenBefore = await page.evaluate(() => sessionStorage.getItem('flipwise.contact.securityToken'));
    await submit(page).click();

    await expect(toast(page, 'Message sent!')).toBeVisible();
    await expect(toast(page, "We'll get back to you as soon as possible.")).toBeVisible();
    await page.screenshot({ path: `${shots}/contact-sent-1280.png` });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    await expect(submit(page)).toBeDisabled();
    const tokenAfter = await page.evaluate(() => sessionStorage.getItem('flipwise.contact.securityToken'));
    expect(tokenAfter).toMatch(/^[0-9a-f]{32}$/);
    expect(tokenAfter).not.toBe(tokenBefore);

    expect(await storedMessages(email)).toEqual([
      { name: 'Jamie Reseller', email, message, status: 'delivered' },
    ]);
    const inbox = (await (
      await fetch(`${env.supabaseUrl}/_mail/api/messages?to=support@flipwise.app`)
    ).json()) as {
      subject: string;
      text: string;
      reply_to?: string;
    }[];
    const mail = inbox.find((m) => m.reply_to === email);
    expect(mail?.subject).toBe('Contact form: Jamie Reseller');
    expect(mail?.text).toContain(message);
  });

  test('says Error sending message and keeps the text when the message cannot be stored', async ({
    newPage,
  }) => {
    const { page, shownAt } = await openContact(newPage, 375);
    const email = `unlucky.${run}@example.com`;
    const message = 'This message must survive a failed send.';
    await fillLikeAPerson(page, shownAt, { name: 'Sam', email, message });
    // The function's database key stops working: storing fails, so the function answers 503.
    await setFunctionEnv({ SUPABASE_SERVICE_ROLE_KEY: env.anonKey }, { function: 'contact' });
    try {
      await submit(page).click();
      await expect(toast(page, 'Error sending message')).toBeVisible();
      await expect(
        toast(page, 'Please try again later or email us directly at support@flipwise.app'),
      ).toBeVisible();
      await page.screenshot({ path: `${shots}/contact-error-375.png` });
    } finally {
      await setFunctionEnv(null, { function: 'contact' });
    }
    await expect(toast(page, 'Message sent!')).toHaveCount(0);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(message);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    expect(await storedMessages(email)).toEqual([]);

    // The same text goes through once the service is back, without retyping.
    await submit(page).click();
    await expect(toast(page, 'Message sent!')).toBeVisible();
    expect(await storedMessages(email)).toHaveLength(1);
  });

  test('refuses to send when the security token in the page was tampered with', async ({ newPage }) => {
    const { page, shownAt } = await openContact(newPage, 1280);
    const email = `tamper.${run}@example.com`;
    await fillLikeAPerson(page, shownAt, { name: 'Eve', email, message: 'Tampered form' });
    await page.evaluate(() => {
      const field = document.querySelector<HTMLInputElement>('input[name="security_token"]');
      if (field) field.value = 'forged-token';
    });
    await submit(page).click();
    await expect(toast(page, 'Security Error')).toBeVisible();
    await expect(toast(page, 'Invalid request. Please refresh the page and try again.')).toBeVisible();
    expect(await storedMessages(email)).toEqual([]);
  });
});
