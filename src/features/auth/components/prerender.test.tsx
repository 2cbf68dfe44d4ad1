// @vitest-environment node
// The root layout wraps every page in these, so they too must render without a browser (for prerendering).
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AccountNav, MobileAccountNav } from './account-nav';
import { AuthDialogHost } from './auth-dialog-host';
import { AuthProvider } from './auth-provider';

describe('auth on the server', () => {
  it('renders the provider, the header slots and the dialog host without window or storage', () => {
    const html = renderToString(
      <MemoryRouter>
        <AuthProvider>
          <AccountNav />
          <MobileAccountNav />
          <AuthDialogHost />
          <p>page</p>
        </AuthProvider>
      </MemoryRouter>,
    );
    expect(typeof window).toBe('undefined');
    // Before the first session lookup the slot holds the visitor's buttons, hidden by CSS when index.html has marked a
    // stored session (<html data-session>), and the avatar's placeholder, shown only then.
    expect(html).toContain('page');
    expect(html).toMatch(
      /<div class="[^"]*\[html\[data-session\]_&amp;\]:hidden[^"]*"><button[^>]*>Login<\/button>/,
    );
    expect(html).toContain('[html[data-session]_&amp;]:block');
  });
});
