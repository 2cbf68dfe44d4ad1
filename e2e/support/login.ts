// Logging in as a person does: the header's Login button, the dialog's fields, then the account menu in the header.
import type { Page } from 'playwright-core';

export async function logInThroughDialog(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /open account menu/ }).waitFor();
}
