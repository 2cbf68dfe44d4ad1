// Logging in and signing up as a person does: the header's buttons, the dialog's fields, then the account menu.
import type { Locator, Page } from 'playwright-core';

/** Fills the open dialog's login form and presses its Login button. */
export async function submitLogin(dialog: Locator, email: string, password: string) {
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
}

export async function logInThroughDialog(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await submitLogin(dialog, email, password);
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /open account menu/ }).waitFor();
}

export type Registration = {
  first: string;
  last: string;
  email: string;
  zip: string;
  password: string;
  /** What goes in Confirm Password: the password unless a spec types another. */
  confirm?: string;
};

/** Fills the open dialog's Create an Account form; submitting is the spec's own step. */
export async function fillRegistration(dialog: Locator, person: Registration) {
  await dialog.getByLabel('First Name').fill(person.first);
  await dialog.getByLabel('Last Name').fill(person.last);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('ZIP Code').fill(person.zip);
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
  await dialog.getByLabel('Confirm Password').fill(person.confirm ?? person.password);
}

/** Accepts the terms and presses Create Account. */
export async function submitRegistration(dialog: Locator) {
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}
