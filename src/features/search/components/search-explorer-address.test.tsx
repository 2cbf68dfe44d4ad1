// Issue 28, point 6 (decision 058): every search goes into the address bar; Back and Forward show earlier answers
// again without searching again; links within the page run their search; nothing the user types is lost to an
// address change they did not make.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { availableBody, deferred, httpError, ok, soldBody } from '../testing/fake-supabase';
import type { FakeSupabase } from '../testing/fake-supabase';
import { renderInApp, startEachTestFresh } from '../testing/render-in-app';
import { SearchExplorer } from './search-explorer';

const fake = vi.hoisted(() => ({ current: null as FakeSupabase | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

const signedIn = { id: '00000000-0000-4000-8000-000000000001' };
type User = typeof signedIn | null;

/** Listed and sold counts per item name: 20/10 is 50 %, 10/8 is 80 %, 0/0 has no comparable listings. */
const market: Record<string, [number, number, string[]?]> = {
  'Levi 501': [20, 10],
  'Nike Dunk': [10, 8],
  'Levy 501': [0, 0, ['Levi 501']],
};

function answerFromMarket(client: FakeSupabase) {
  client.onInvoke(({ name, body }) => {
    if (name === 'search-listed') return ok({ rows: [] });
    const [available, sold, suggestions = []] = market[String(body.itemName)] ?? [0, 0];
    return ok(name === 'search-available' ? availableBody(available, { suggestions }) : soldBody(sold));
  });
}

/** The router as the app sees it, for the test to read the address and press Back and Forward. */
const browser = { navigate: null as NavigateFunction | null, location: null as Location | null };
function Browser() {
  browser.navigate = useNavigate();
  browser.location = useLocation();
  return null;
}
const back = () => act(() => void browser.navigate!(-1));
const forward = () => act(() => void browser.navigate!(1));
const address = () => Object.fromEntries(new URLSearchParams(browser.location!.search));

/** As src/app/routes/thriftingexplorer.tsx composes it: the address it opens on fills the form. */
function ExplorerRoute({ user, onRequireLogin }: { user: User; onRequireLogin: () => void }) {
  const [params] = useSearchParams();
  return (
    <SearchExplorer
      user={user}
      onRequireLogin={onRequireLogin}
      initialItemName={params.get('q') ?? undefined}
      initialCondition={params.get('condition') ?? undefined}
    />
  );
}

function open(entry = '/thriftingexplorer', user: User = signedIn) {
  const onRequireLogin = vi.fn();
  const ui = (u: User) => (
    <>
      <Routes>
        <Route
          path="/thriftingexplorer"
          element={<ExplorerRoute user={u} onRequireLogin={onRequireLogin} />}
        />
      </Routes>
      <Browser />
    </>
  );
  const view = renderInApp(ui(user), { initialEntries: [entry] });
  return {
    onRequireLogin,
    logIn: () => view.rerender(ui(signedIn)),
    logOut: () => view.rerender(ui(null)),
  };
}

const itemName = () => screen.getByLabelText(/Item Name/);
const condition = () => screen.getByLabelText(/Condition/);
const searchButton = () => screen.getByRole('button', { name: 'Search' });
const rate = () => screen.getByTestId('sell-through-rate');
const searchesFor = (name: string) =>
  fake.current!.invokeCalls.filter((c) => c.name === 'search-available' && c.body.itemName === name);
const logs = () => fake.current!.inserted('marketplace_search_logs');

async function search(name: string, conditionLabel = 'Pre-owned') {
  const u = userEvent.setup();
  await u.clear(itemName());
  await u.type(itemName(), name);
  await u.selectOptions(condition(), conditionLabel);
  await u.click(searchButton());
  await screen.findByText(`“${name.trim()}”`);
  return u;
}

/** The answer on screen is for this search: its "Results for" line, and both calls done. */
async function showing(name: string, figure: string) {
  expect(await screen.findByText(`“${name}”`)).toBeInTheDocument();
  await waitFor(() => expect(rate()).toHaveTextContent(figure));
  expect(searchButton()).not.toHaveAttribute('aria-busy');
}

startEachTestFresh(fake, answerFromMarket);

describe('searches in the address bar', () => {
  it('puts each search in the address; Back and Forward show the earlier answers again, form included, without searching again', async () => {
    open();
    await search('Levi 501');
    await showing('Levi 501', '50%');
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned' }));

    await search('Nike Dunk', 'New with tags');
    await showing('Nike Dunk', '80%');
    await waitFor(() => expect(address()).toEqual({ q: 'Nike Dunk', condition: 'new_with_tags' }));
    const calls = fake.current!.headlineCalls().length;
    const logged = logs().length;

    back();
    await showing('Levi 501', '50%');
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned' }));
    expect(itemName()).toHaveValue('Levi 501');
    expect(condition()).toHaveValue('pre_owned');
    await waitFor(() => expect(searchButton()).toBeEnabled());

    forward();
    await showing('Nike Dunk', '80%');
    expect(itemName()).toHaveValue('Nike Dunk');
    expect(condition()).toHaveValue('new_with_tags');

    // Nothing was asked of the market or logged again.
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.current!.headlineCalls()).toHaveLength(calls);
    expect(logs()).toHaveLength(logged);
  });

  it('goes back to the empty page the first search was made from, with an empty form and no errors', async () => {
    open();
    await search('Levi 501');
    await showing('Levi 501', '50%');

    back();
    expect(
      await screen.findByRole('heading', { name: 'Search for an item to see market data' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(address()).toEqual({}));
    expect(itemName()).toHaveValue('');
    expect(condition()).toHaveValue('');
    expect(searchButton()).toBeDisabled();
    expect(screen.queryByText('Item name must be at least 2 characters.')).not.toBeInTheDocument();
    expect(screen.queryByText('Please select a condition.')).not.toBeInTheDocument();
  });

  it('adds no second history entry for the same search made twice, though it runs it again', async () => {
    open();
    await search('Levi 501');
    await showing('Levi 501', '50%');
    const u = userEvent.setup();
    await u.click(searchButton());
    await waitFor(() => expect(searchesFor('Levi 501')).toHaveLength(2));
    await showing('Levi 501', '50%');

    back();
    expect(
      await screen.findByRole('heading', { name: 'Search for an item to see market data' }),
    ).toBeInTheDocument();
  });

  it('runs a "Did you mean" suggestion within the page, and Back returns to the answer it was offered on', async () => {
    open();
    await search('Levy 501');
    expect(await screen.findByTestId('no-comparables')).toBeInTheDocument();

    const u = userEvent.setup();
    await u.click(screen.getByRole('link', { name: 'Levi 501' }));
    await showing('Levi 501', '50%');
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned' }));
    expect(itemName()).toHaveValue('Levi 501');
    expect(searchesFor('Levi 501')).toHaveLength(1);

    back();
    expect(await screen.findByTestId('no-comparables')).toBeInTheDocument();
    expect(itemName()).toHaveValue('Levy 501');
    expect(searchesFor('Levy 501')).toHaveLength(1);
  });

  it('keeps what the user types while the answer arrives', async () => {
    const available = deferred();
    fake.current!.onInvoke(({ name }) =>
      name === 'search-available'
        ? available.promise
        : name === 'search-listed'
          ? ok({ rows: [] })
          : ok(soldBody(10)),
    );
    open();
    const u = await search('Levi 501');
    await u.type(itemName(), ' jeans');
    available.resolve(ok(availableBody(20)));
    await showing('Levi 501', '50%');
    expect(itemName()).toHaveValue('Levi 501 jeans');
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned' }));
  });

  it('leaves an answer that arrives after Back off the screen, and shows it on Forward without searching again', async () => {
    open();
    await search('Levi 501');
    await showing('Levi 501', '50%');

    const available = deferred();
    fake.current!.onInvoke(({ name, body }) =>
      name === 'search-listed'
        ? ok({ rows: [] })
        : name === 'search-available'
          ? available.promise
          : ok(soldBody(body.itemName === 'Nike Dunk' ? 8 : 10)),
    );
    await search('Nike Dunk');
    // Back once the address holds the search: the router commits a navigation as a transition, after the screen has
    // shown the search, and a Back before that leaves the page the search was not written on yet.
    await waitFor(() => expect(address()).toEqual({ q: 'Nike Dunk', condition: 'pre_owned' }));
    back();
    await showing('Levi 501', '50%');

    available.resolve(ok(availableBody(10)));
    await waitFor(() => expect(fake.current!.headlineCalls().map((c) => c.name)).toContain('search-sold'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('“Levi 501”')).toBeInTheDocument();
    expect(rate()).toHaveTextContent('50%');
    expect(searchButton()).not.toHaveAttribute('aria-busy');

    forward();
    await showing('Nike Dunk', '80%');
    expect(searchesFor('Nike Dunk')).toHaveLength(1);
  });

  it('searches again on Back when the earlier answer had failed', async () => {
    fake.current!.onInvoke(({ name }) =>
      name === 'search-listed' ? ok({ rows: [] }) : httpError(503, { error: 'unavailable' }),
    );
    open();
    await search('Levi 501');
    expect(await screen.findByTestId('search-error')).toBeInTheDocument();

    answerFromMarket(fake.current!);
    await search('Nike Dunk');
    await showing('Nike Dunk', '80%');
    back();
    await showing('Levi 501', '50%');
    expect(searchesFor('Levi 501')).toHaveLength(2);
  });
});

describe('a search in the address for a visitor', () => {
  it('restores nothing on Back after a logout: the search waits for the next login', async () => {
    const { logOut, logIn } = open();
    await search('Levi 501');
    await showing('Levi 501', '50%');
    await search('Nike Dunk');
    await showing('Nike Dunk', '80%');

    logOut();
    back();
    expect(
      await screen.findByRole('heading', { name: 'Search for an item to see market data' }),
    ).toBeInTheDocument();
    expect(itemName()).toHaveValue('Levi 501');
    expect(searchesFor('Levi 501')).toHaveLength(1);

    logIn();
    await showing('Levi 501', '50%');
    expect(searchesFor('Levi 501')).toHaveLength(2);
  });

  it('puts their search in the address (for the email link), and runs it once they log in, in the same entry', async () => {
    const { onRequireLogin, logIn } = open('/thriftingexplorer', null);
    await userEvent.type(itemName(), 'Levi 501');
    await userEvent.selectOptions(condition(), 'Pre-owned');
    await userEvent.click(searchButton());
    expect(onRequireLogin).toHaveBeenCalledWith({ itemName: 'Levi 501', condition: 'pre_owned' });
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned' }));
    expect(fake.current!.invokeCalls).toHaveLength(0);

    logIn();
    await showing('Levi 501', '50%');
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned' }));
    back();
    expect(
      await screen.findByRole('heading', { name: 'Search for an item to see market data' }),
    ).toBeInTheDocument();
  });

  it('fills the form from a shared link and runs the search once they log in', async () => {
    const { logIn } = open('/thriftingexplorer?q=Levi+501&condition=pre_owned', null);
    expect(itemName()).toHaveValue('Levi 501');
    expect(condition()).toHaveValue('pre_owned');
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.current!.invokeCalls).toHaveLength(0);

    logIn();
    await showing('Levi 501', '50%');
    expect(searchesFor('Levi 501')).toHaveLength(1);
    await waitFor(() => expect(address()).toEqual({ q: 'Levi 501', condition: 'pre_owned' }));
  });
});

describe('the answer bar', () => {
  it('names the search and brings back the form with the caret at the end of the item name', async () => {
    open();
    await search('Levi 501');
    await showing('Levi 501', '50%');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Change search' }));
    expect(itemName()).toHaveFocus();
    expect((itemName() as HTMLInputElement).selectionStart).toBe('Levi 501'.length);
  });
});
