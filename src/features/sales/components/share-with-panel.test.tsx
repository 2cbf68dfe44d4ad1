import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelSharing } from '../api/get-sharing';
import { ShareWithPanel } from './share-with-panel';

type Result = { data: unknown; error: unknown };
type RpcCall = { fn: string; args: Record<string, unknown> | undefined };

// A stand-in for the one supabase-js client: rpc calls are recorded and answered by the test's handler.
const fake = vi.hoisted(() => ({
  calls: [] as RpcCall[],
  answer: (_call: RpcCall): Result | Promise<Result> => ({ data: null, error: null }),
}));
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => ({
    rpc: async (fn: string, args?: Record<string, unknown>) => {
      const call = { fn, args };
      fake.calls.push(call);
      return fake.answer(call);
    },
  }),
}));

const off: PanelSharing = { sharing: false, since: null, shared: 0, withoutCondition: 0, pending: 0 };
// Noon UTC: Nov 25 in every time zone the tests may run in.
const on: PanelSharing = {
  sharing: true,
  since: '2026-11-25T12:00:00.123+00:00',
  shared: 1234,
  withoutCondition: 0,
  pending: 0,
};

/** A database of one user's setting: panel_set_sharing changes it and answers with the status, as the SQL does. */
function database(initial: PanelSharing, afterOn: PanelSharing = on) {
  let state = initial;
  fake.answer = ({ fn, args }) => {
    if (fn === 'panel_set_sharing')
      state = args?.p_share ? afterOn : { ...off, withoutCondition: state.withoutCondition };
    return { data: state, error: null };
  };
}

/** panel_set_sharing fails with `message`; reading the status afterwards finds `stored`. */
function setSharingFails(message: string, stored: PanelSharing) {
  fake.answer = ({ fn }) =>
    fn === 'panel_set_sharing' ? { data: null, error: { message, code: '' } } : { data: stored, error: null };
}

/** An answer the test releases when it wants, to look at the switch while it saves. */
function held(): { promise: Promise<Result>; release: (result: Result) => void } {
  let release!: (result: Result) => void;
  const promise = new Promise<Result>((resolve) => (release = resolve));
  return { promise, release };
}

function renderSwitch() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ShareWithPanel userId="u1" privacyHref="/privacy#sharing" />
    </QueryClientProvider>,
  );
}

const theSwitch = () => screen.getByRole('switch', { name: 'Share my imported items anonymously' });
const state = () => screen.getByTestId('panel-sharing-state');

beforeEach(() => {
  fake.calls.length = 0;
  database(off);
});

describe('ShareWithPanel', () => {
  it('is off by default and explains in plain words what sharing would do', async () => {
    renderSwitch();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your sharing setting…');
    expect(await screen.findByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(fake.calls).toEqual([{ fn: 'panel_sharing_status', args: undefined }]);
    expect(state()).toHaveTextContent('Off: your sales are private to you.');
    expect(theSwitch()).toHaveAccessibleDescription('Off: your sales are private to you.');
    expect(screen.queryByTestId('panel-sharing-without-condition')).not.toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Share anonymously with the Flipwise seller panel' });
    expect(card).toHaveTextContent('Off unless you turn it on.');
    const shared = within(card).getByRole('heading', { name: 'What is shared, for each item' });
    expect(shared.nextElementSibling).toHaveTextContent(/title, brand, category and size/);
    const never = within(card).getByRole('heading', { name: 'What is never shared' });
    expect(never.nextElementSibling).toHaveTextContent(/the buyer/);
    expect(never.nextElementSibling).toHaveTextContent(/the order or listing id, and the listing’s link/);
    // Issue 52: totals released weekly with noise, each with its error, and what leaving removes and what it cannot.
    const released = within(card).getByTestId('panel-sharing-released');
    expect(released).toHaveTextContent(/never see your items, only totals: once a week the panel releases/);
    expect(released).toHaveTextContent(/random noise added so no one’s sales can be worked out from them/);
    expect(released).toHaveTextContent(/likely error/);
    const turnOff = within(card).getByTestId('panel-sharing-turn-off');
    expect(turnOff).toHaveTextContent(/left out of the next weekly release and every release after it/);
    expect(turnOff).toHaveTextContent(
      /Figures already released stay, but they are noisy totals that hold no one’s sales/,
    );
    expect(within(card).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
      'href',
      '/privacy#sharing',
    );
  });

  it('turns sharing on, holding the switch while it saves, then shows since when and how many items', async () => {
    renderSwitch();
    await screen.findByRole('switch');
    const saving = held();
    fake.answer = () => saving.promise;
    const user = userEvent.setup();

    await user.click(theSwitch());
    expect(fake.calls.at(-1)).toEqual({ fn: 'panel_set_sharing', args: { p_share: true } });
    expect(theSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(theSwitch()).toHaveAttribute('aria-disabled', 'true');
    expect(state()).toHaveTextContent('Turning sharing on…');
    // A second click while saving sends nothing.
    await user.click(theSwitch());
    expect(fake.calls.filter((c) => c.fn === 'panel_set_sharing')).toHaveLength(1);

    saving.release({ data: { ...on, withoutCondition: 3 }, error: null });
    expect(await screen.findByText('Sharing on since Nov 25, 2026 · 1,234 items shared')).toBe(state());
    expect(theSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(theSwitch()).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('panel-sharing-without-condition')).toHaveTextContent(
      '3 imported items stay private because their files do not say the condition, and every panel figure is per condition.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('turns sharing off', async () => {
    database({ ...on, shared: 1, withoutCondition: 1 });
    renderSwitch();
    expect(await screen.findByText('Sharing on since Nov 25, 2026 · 1 item shared')).toBeInTheDocument();
    expect(screen.getByTestId('panel-sharing-without-condition')).toHaveTextContent(
      '1 imported item stays private because its file does not say the condition',
    );

    await userEvent.setup().click(theSwitch());
    expect(fake.calls.at(-1)).toEqual({ fn: 'panel_set_sharing', args: { p_share: false } });
    expect(await screen.findByText('Off: your sales are private to you.')).toBe(state());
    expect(theSwitch()).toHaveAttribute('aria-checked', 'false');
  });

  it('goes back and says so when the change fails, after asking the database what it holds', async () => {
    renderSwitch();
    await screen.findByRole('switch');
    setSharingFails('connection reset', off);

    await userEvent.setup().click(theSwitch());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'We couldn’t turn sharing on, so your items are not shared. Check your connection and try again.',
    );
    expect(theSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(theSwitch()).not.toHaveAttribute('aria-disabled');
    expect(state()).toHaveTextContent('Off: your sales are private to you.');
    expect(fake.calls.map((c) => c.fn)).toEqual([
      'panel_sharing_status',
      'panel_set_sharing',
      'panel_sharing_status',
    ]);

    // Trying again works, and the message goes.
    database(off);
    await userEvent.setup().click(theSwitch());
    expect(await screen.findByText(/^Sharing on since/)).toBe(state());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how long to wait when sharing was changed too often in a minute (issue 49)', async () => {
    renderSwitch();
    await screen.findByRole('switch');
    fake.answer = ({ fn }) =>
      fn === 'panel_set_sharing'
        ? {
            data: null,
            error: {
              code: 'PT429',
              details: '42',
              message: 'Too many sharing changes in a minute. Please try again in 42 seconds.',
            },
          }
        : { data: off, error: null };

    await userEvent.setup().click(theSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You changed sharing many times in a minute, so this change was not made. Please try again in 42 seconds.',
    );
    expect(theSwitch()).toHaveAttribute('aria-checked', 'false');
  });

  it('waits out the limit while a long history is shared, and goes on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const first = { ...on, shared: 2000, pending: 500 };
      const last = { ...on, shared: 2500, pending: 0 };
      let limited = true;
      fake.answer = ({ fn }) => {
        if (fn === 'panel_set_sharing') return { data: first, error: null };
        if (fn === 'panel_share_more') {
          if (limited) {
            limited = false;
            return {
              data: null,
              error: { code: 'PT429', details: '3', message: 'Too many sharing changes' },
            };
          }
          return { data: last, error: null };
        }
        return { data: off, error: null };
      };
      renderSwitch();
      await userEvent.click(await screen.findByRole('switch'));
      expect(await screen.findByText('Sharing your items… 2,000 of 2,500 items shared')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(3000);
      expect(await screen.findByText(/2,500 items shared/)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(fake.calls.filter((c) => c.fn === 'panel_share_more')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports no failure when the change reached the database although the answer was lost', async () => {
    renderSwitch();
    await screen.findByRole('switch');
    setSharingFails('Failed to fetch', on);

    await userEvent.setup().click(theSwitch());
    expect(await screen.findByText(/^Sharing on since/)).toBe(state());
    expect(theSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('works from the keyboard: Tab reaches it, Space and Enter toggle it, focus stays on it', async () => {
    renderSwitch();
    await screen.findByRole('switch');
    const user = userEvent.setup();

    await user.tab();
    expect(theSwitch()).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByText(/^Sharing on since/)).toBe(state());
    expect(theSwitch()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Off: your sales are private to you.')).toBe(state());
    expect(theSwitch()).toHaveFocus();
    expect(fake.calls.filter((c) => c.fn === 'panel_set_sharing').map((c) => c.args)).toEqual([
      { p_share: true },
      { p_share: false },
    ]);
  });

  it('turns on from its label too', async () => {
    renderSwitch();
    await screen.findByRole('switch');
    await userEvent.setup().click(screen.getByText('Share my imported items anonymously'));
    expect(await screen.findByText(/^Sharing on since/)).toBe(state());
  });

  it('says when the setting could not be loaded and loads it again on request', async () => {
    let fail = true;
    fake.answer = () =>
      fail ? { data: null, error: { message: 'connection reset', code: '' } } : { data: off, error: null };
    renderSwitch();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load your sharing setting.');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();

    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shares a long history in batches, counting up, until nothing is pending', async () => {
    const first = { ...on, shared: 2000, pending: 2500 };
    const second = { ...on, shared: 4000, pending: 500 };
    const last = { ...on, shared: 4500, pending: 0 };
    let state: PanelSharing = off;
    const more = held();
    fake.answer = ({ fn }) => {
      if (fn === 'panel_set_sharing') state = first;
      if (fn === 'panel_share_more') {
        if (state === first) {
          state = second;
          return more.promise;
        }
        state = last;
      }
      return { data: state, error: null };
    };
    renderSwitch();
    await userEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText('Sharing your items… 2,000 of 4,500 items shared')).toBeInTheDocument();
    more.release({ data: second, error: null });
    expect(await screen.findByText(/4,500 items shared/)).toBeInTheDocument();
    expect(fake.calls.map((c) => c.fn)).toEqual([
      'panel_sharing_status',
      'panel_set_sharing',
      'panel_share_more',
      'panel_share_more',
    ]);
    expect(theSwitch()).toHaveAttribute('aria-checked', 'true');
  });
});
