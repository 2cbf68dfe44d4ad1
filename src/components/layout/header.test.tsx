import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from '@/components/layout/header';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHeader(props: Parameters<typeof Header>[0] = {}) {
  return render(
    <MemoryRouter initialEntries={['/faqs']}>
      <Header {...props} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Renders the header with `mobileAccountSlot` in its mobile menu, and opens the menu with its toggle. */
async function openMenuWith(mobileAccountSlot: React.ReactNode) {
  const user = userEvent.setup();
  renderHeader({ mobileAccountSlot });
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  await user.click(toggle);
  return { user, toggle };
}

describe('<Header />', () => {
  it('links Home, About, Contact and the search tool', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Thrifting Explorer', '/thriftingexplorer'],
    ]);
  });

  it('renders the account slots: one in the bar, one in the mobile menu', () => {
    renderHeader({
      accountSlot: <button type="button">Desktop login</button>,
      mobileAccountSlot: <button type="button">Mobile login</button>,
    });
    expect(screen.getByRole('button', { name: 'Desktop login' })).toBeInTheDocument();
    expect(screen.getByText('Mobile login').closest('[id]')).toHaveAttribute('hidden');
  });

  it('opens and closes the mobile menu with its toggle, and says so', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('closes the menu when one of its links is followed', async () => {
    const { user, toggle } = await openMenuWith(<a href="#account">My account</a>);
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    await user.click(within(menu).getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/about');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(within(menu).getByRole('link', { name: 'My account' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the menu open when a button in the account slot is used, and closes it on Escape', async () => {
    const { user, toggle } = await openMenuWith(<button type="button">Login</button>);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu when the signed-in user changes (a login or logout from the menu)', async () => {
    const user = userEvent.setup();
    const slot = <button type="button">Login</button>;
    const view = render(
      <MemoryRouter initialEntries={['/faqs']}>
        <Header mobileAccountSlot={slot} menuResetKey="" />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    view.rerender(
      <MemoryRouter initialEntries={['/faqs']}>
        <Header mobileAccountSlot={slot} menuResetKey="" />
      </MemoryRouter>,
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    view.rerender(
      <MemoryRouter initialEntries={['/faqs']}>
        <Header mobileAccountSlot={slot} menuResetKey="user-1" />
      </MemoryRouter>,
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves an Escape that a dialog handled to the dialog, and returns focus to the toggle on its own Escape', async () => {
    const { user, toggle } = await openMenuWith(<button type="button">Login</button>);
    const login = screen.getByRole('button', { name: 'Login' });
    const swallow = (event: KeyboardEvent) => event.preventDefault();
    login.addEventListener('keydown', swallow);
    login.focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    login.removeEventListener('keydown', swallow);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when the page below is tapped, but not for a tap inside it or while a dialog is open', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/faqs']}>
        <Header mobileAccountSlot={<button type="button">Login</button>} />
        <p>Page content</p>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    await user.click(dialog);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    dialog.remove();

    await user.click(screen.getByText('Page content'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
