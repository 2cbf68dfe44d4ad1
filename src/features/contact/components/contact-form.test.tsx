import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, Toaster } from '@/components/ui/toast';
import { site } from '@/config/site';
import { ContactSendError, sendContactMessage } from '../api/send-message';
import { SECURITY_TOKEN_KEY } from '../lib/security-token';
import { ContactForm } from './contact-form';

// The boundary: the one module that talks to the contact function. Everything above it is real.
vi.mock('../api/send-message', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../api/send-message')>();
  return { ...actual, sendContactMessage: vi.fn() };
});
const send = vi.mocked(sendContactMessage);

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
      <Toaster />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const field = (name: 'Name' | 'Email' | 'Message') => screen.getByLabelText(name);
const submit = () => screen.getByRole('button', { name: /Send Message|Sending\.\.\./ });
const robot = () => screen.getByRole('checkbox', { name: "I'm not a robot" });
const hiddenToken = () => document.querySelector<HTMLInputElement>('input[name="security_token"]')!;

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; email?: string; message?: string },
) {
  if (values.name !== undefined) await user.type(field('Name'), values.name);
  if (values.email !== undefined) await user.type(field('Email'), values.email);
  // Long texts are pasted: typing a thousand characters one by one only slows the test down.
  if (values.message !== undefined) {
    await user.click(field('Message'));
    await user.paste(values.message);
  }
}

/** The error text tied to a field through aria-describedby. */
function describedErrors(element: HTMLElement): string[] {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter((text) => !/\d+\/\d+|characters used/.test(text));
}

beforeEach(() => {
  sessionStorage.clear();
  send.mockReset();
});
afterEach(() => act(() => resetToasts()));

describe('ContactForm', () => {
  it('shows the three fields, the robot box and a disabled Send Message button', () => {
    renderForm();
    expect(field('Name')).toHaveAttribute('autocomplete', 'name');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(robot()).not.toBeChecked();
    expect(submit()).toHaveTextContent('Send Message');
    expect(submit()).toBeDisabled();
  });

  it('enables Send Message only while the robot box is ticked', async () => {
    const user = renderForm();
    await user.click(robot());
    expect(submit()).toBeEnabled();
    await user.click(robot());
    expect(submit()).toBeDisabled();
    await user.click(screen.getByText("I'm not a robot"));
    expect(robot()).toBeChecked();
    expect(submit()).toBeEnabled();
  });

  it('says what is missing under each field, and sends nothing', async () => {
    const user = renderForm();
    await user.click(robot());
    await user.click(submit());
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a message.')).toBeInTheDocument();
    for (const name of ['Name', 'Email', 'Message'] as const)
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
    expect(describedErrors(field('Name'))).toEqual(['Please enter your name.']);
    expect(describedErrors(field('Email'))).toEqual(['Please enter your email address.']);
    expect(describedErrors(field('Message'))).toEqual(['Please enter a message.']);
    expect(field('Name')).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });

  it('counts only real content: a message of spaces and invisible characters is empty', async () => {
    const user = renderForm();
    await fill(user, { name: 'Ada', email: 'ada@example.com', message: '  \u200B   \u200B ' });
    await user.click(robot());
    await user.click(submit());
    expect(await screen.findByText('Please enter a message.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('checks the email format on submit, and clears the error as soon as it is fixed', async () => {
    const user = renderForm();
    await fill(user, { name: 'Ada', email: 'ada@', message: 'Hello' });
    await user.tab();
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    await user.click(robot());
    await user.click(submit());
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveFocus();
    await user.type(field('Email'), 'example.com');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'false');
    expect(send).not.toHaveBeenCalled();
  });

  it('allows a name of 100 characters and refuses 101', async () => {
    const user = renderForm();
    await user.click(field('Name'));
    await user.paste('n'.repeat(101));
    await user.click(robot());
    await user.click(submit());
    expect(await screen.findByText('Name must be at most 100 characters.')).toBeInTheDocument();
    await user.type(field('Name'), '{Backspace}');
    expect(screen.queryByText('Name must be at most 100 characters.')).not.toBeInTheDocument();
  });

  it('allows an email of 255 characters and refuses 256', async () => {
    const user = renderForm();
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(at255).toHaveLength(255);
    await user.click(field('Email'));
    await user.paste(`x${at255}`);
    await user.click(robot());
    await user.click(submit());
    expect(await screen.findByText('Email must be at most 255 characters.')).toBeInTheDocument();
    await user.clear(field('Email'));
    await user.click(field('Email'));
    await user.paste(at255);
    expect(screen.queryByText('Email must be at most 255 characters.')).not.toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('counts message characters live and refuses more than 1000', async () => {
    const user = renderForm();
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    await user.type(field('Message'), 'Hello');
    expect(screen.getByText('5/1000')).toBeInTheDocument();
    expect(screen.getByText('5 of 1000 characters used')).toBeInTheDocument();
    await user.clear(field('Message'));
    await user.paste('m'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeInTheDocument();
    await user.click(robot());
    await user.click(submit());
    expect(await screen.findByText('Message must be at most 1000 characters.')).toBeInTheDocument();
    await user.type(field('Message'), '{Backspace}');
    expect(screen.getByText('1000/1000')).toBeInTheDocument();
    expect(screen.queryByText('Message must be at most 1000 characters.')).not.toBeInTheDocument();
  });

  it('keeps a security token for the session and mirrors it in a hidden field', () => {
    renderForm();
    const token = sessionStorage.getItem(SECURITY_TOKEN_KEY);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(hiddenToken().value).toBe(token);
  });

  it('reuses the token already in the session', () => {
    sessionStorage.setItem(SECURITY_TOKEN_KEY, 'abcdef0123456789abcdef0123456789');
    renderForm();
    expect(hiddenToken().value).toBe('abcdef0123456789abcdef0123456789');
  });

  it('refuses to send when the hidden token was tampered with', async () => {
    const user = renderForm();
    await fill(user, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await user.click(robot());
    hiddenToken().value = 'forged';
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Security Error')).toBeInTheDocument();
    expect(
      within(alert).getByText('Invalid request. Please refresh the page and try again.'),
    ).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    expect(field('Message')).toHaveValue('Hello');
  });

  it('refuses to send when the session token changed after the form was shown', async () => {
    const user = renderForm();
    await fill(user, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await user.click(robot());
    sessionStorage.setItem(SECURITY_TOKEN_KEY, 'another-tab-issued-this');
    await user.click(submit());
    expect(await screen.findByText('Security Error')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends sanitised values, shows Sending... meanwhile, then resets everything and issues a new token', async () => {
    let resolve!: (value: { ok: true; id: string }) => void;
    send.mockReturnValue(new Promise((r) => (resolve = r)));
    const user = renderForm();
    const firstToken = hiddenToken().value;
    await fill(user, {
      name: '  <b>Ada</b> Lovelace ',
      email: 'ada@example.com ',
      message: 'Hi <script>x</script>there\u0007',
    });
    await user.click(robot());
    await user.click(submit());

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(send).toHaveBeenCalledTimes(1);
    const [payload] = send.mock.calls[0];
    // As typed, control characters and the ends aside: the support email escapes it (issue 12).
    expect(payload).toMatchObject({
      name: '<b>Ada</b> Lovelace',
      email: 'ada@example.com',
      message: 'Hi <script>x</script>there',
      website: '',
    });
    expect(payload.elapsedMs).toBeGreaterThanOrEqual(0);

    await act(async () => resolve({ ok: true, id: 'msg-1' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Message sent!')).toBeInTheDocument();
    expect(within(status).getByText("We'll get back to you as soon as possible.")).toBeInTheDocument();
    expect(field('Name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    expect(robot()).not.toBeChecked();
    expect(submit()).toHaveTextContent('Send Message');
    expect(submit()).toBeDisabled();
    const newToken = sessionStorage.getItem(SECURITY_TOKEN_KEY);
    expect(newToken).not.toBe(firstToken);
    expect(hiddenToken().value).toBe(newToken);
  });

  it('can send a second message with the new token', async () => {
    send.mockResolvedValue({ ok: true, id: 'msg' });
    const user = renderForm();
    await fill(user, { name: 'Ada', email: 'ada@example.com', message: 'First' });
    await user.click(robot());
    await user.click(submit());
    await screen.findByText('Message sent!');
    await fill(user, { name: 'Ada', email: 'ada@example.com', message: 'Second' });
    await user.click(robot());
    await user.click(submit());
    expect(send).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Security Error')).not.toBeInTheDocument();
  });

  it('keeps everything typed when sending fails, and points to the support address', async () => {
    send.mockRejectedValue(new ContactSendError('We could not save your message.', { status: 503 }));
    const user = renderForm();
    await fill(user, { name: 'Ada', email: 'ada@example.com', message: 'Please do not lose me' });
    await user.click(robot());
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error sending message')).toBeInTheDocument();
    expect(
      within(alert).getByText(`Please try again later or email us directly at ${site.supportEmail}`),
    ).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Ada');
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(field('Message')).toHaveValue('Please do not lose me');
    expect(robot()).toBeChecked();
    expect(submit()).toBeEnabled();
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
  });

  it("puts the function's complaint about a field under that field", async () => {
    send.mockRejectedValue(
      new ContactSendError('Please enter a valid email address.', { status: 400, field: 'email' }),
    );
    const user = renderForm();
    await fill(user, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await user.click(robot());
    await user.click(submit());
    expect(await screen.findByText('Error sending message')).toBeInTheDocument();
    expect(describedErrors(field('Email'))).toEqual(['Please enter a valid email address.']);
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('hides the honeypot from people and sends what a bot put in it', async () => {
    send.mockResolvedValue({ ok: true, id: 'msg' });
    const user = renderForm();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
    fireEvent.change(trap, { target: { value: 'https://spam.example' } });
    await fill(user, { name: 'Bot', email: 'bot@example.com', message: 'Buy now' });
    await user.click(robot());
    await user.click(submit());
    expect(send.mock.calls[0][0].website).toBe('https://spam.example');
  });
});
