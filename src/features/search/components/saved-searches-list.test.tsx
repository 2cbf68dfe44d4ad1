import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FakeSupabase } from '../testing/fake-supabase';
import { renderInApp, startEachTestFresh } from '../testing/render-in-app';
import { SavedSearchesList, savedSearchHref } from './saved-searches-list';

const fake = vi.hoisted(() => ({ current: null as FakeSupabase | null }));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => fake.current!.client }));

const row = (over: Record<string, unknown>) => ({
  id: 'a',
  item_name: "Levi's 501",
  condition: 'pre_owned',
  last_available: 1200,
  last_sold: 840,
  last_rate: 70,
  origin: 'demo',
  is_demo: true,
  window_days: 90,
  size: null,
  marketplace: null,
  price_min: null,
  price_max: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  ...over,
});

const renderList = () => renderInApp(<SavedSearchesList userId="u1" />);

startEachTestFresh(fake);

describe('SavedSearchesList', () => {
  it('lists saved searches with their latest figures and a link that runs each again', async () => {
    let rows = [
      row({}),
      row({
        id: 'b',
        item_name: 'Align leggings',
        condition: 'new_with_tags',
        last_available: 5,
        last_sold: 0,
        last_rate: 0,
        origin: null,
        is_demo: null,
        window_days: null,
      }),
    ];
    fake.current!.onTable(({ ops }) => {
      const del = ops.find(([op]) => op === 'delete');
      if (del) {
        const id = ops.find(([op, args]) => op === 'eq' && args[0] === 'id')?.[1][1];
        rows = rows.filter((r) => r.id !== id);
        return { data: null, error: null };
      }
      return { data: rows, error: null };
    });
    renderList();
    const list = await screen.findByTestId('saved-searches');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent("Levi's 501");
    expect(items[0]).toHaveTextContent('Pre-owned');
    expect(items[0]).toHaveTextContent('1.2K available · 840 sold · 70% sell-through');
    expect(within(items[0]).getByRole('link', { name: /Run again/ })).toHaveAttribute(
      'href',
      '/thriftingexplorer?q=Levi%27s+501&condition=pre_owned',
    );
    expect(within(items[0]).getByTestId('saved-demo-badge')).toHaveTextContent('Demo data');
    expect(within(items[0]).getByTestId('saved-source')).toHaveTextContent(
      'Demo data · sold in the last 90 days',
    );
    expect(items[1]).toHaveTextContent('New with tags');
    expect(within(items[1]).queryByTestId('saved-demo-badge')).not.toBeInTheDocument();
    expect(within(items[1]).getByTestId('saved-source')).toHaveTextContent('Source not recorded');

    await userEvent.setup().click(within(items[1]).getByRole('button', { name: 'Delete: Align leggings' }));
    expect(await screen.findByText('Saved search deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('saved-searches')).getAllByRole('listitem')).toHaveLength(1),
    );
    const del = fake.current!.tableCalls.find((c) => c.ops.some(([op]) => op === 'delete'));
    expect(del?.ops).toContainEqual(['eq', ['id', 'b']]);
  });

  it('offers Undo after a delete, which puts the same search back', async () => {
    let rows = [row({}), row({ id: 'b', item_name: 'Align leggings' })];
    const deleted: typeof rows = [];
    fake.current!.onTable(({ ops }) => {
      if (ops.some(([op]) => op === 'delete')) {
        const id = ops.find(([op, args]) => op === 'eq' && args[0] === 'id')?.[1][1];
        deleted.push(...rows.filter((r) => r.id === id));
        rows = rows.filter((r) => r.id !== id);
        return { data: null, error: null };
      }
      const insert = ops.find(([op]) => op === 'insert');
      if (insert) {
        rows = [...rows, insert[1][0] as (typeof rows)[number]];
        return { data: null, error: null };
      }
      return { data: rows, error: null };
    });
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete: Align leggings' }));
    const notice = (await screen.findByText('Saved search deleted')).closest('li')!;
    const names = () =>
      within(screen.getByTestId('saved-searches'))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')!.textContent);
    await waitFor(() => expect(names()).toEqual(["Levi's 501"]));
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Saved search restored')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(["Levi's 501", 'Align leggings']));
    const insert = fake.current!.tableCalls.flatMap((c) => c.ops).find(([op]) => op === 'insert');
    expect(insert?.[1][0]).toEqual(deleted[0]);
  });

  it('explains how to save one when there are none', async () => {
    fake.current!.onTable(() => ({ data: [], error: null }));
    renderList();
    expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Thrifting Explorer' })).toHaveAttribute(
      'href',
      '/thriftingexplorer',
    );
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    fake.current!.onTable(() =>
      fail ? { data: null, error: { message: 'offline' } } : { data: [row({})], error: null },
    );
    renderList();
    expect(await screen.findByText('Could not load your saved searches.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("Levi's 501")).toBeInTheDocument();
  });

  it('builds run-again links the explorer reads back', () => {
    const url = new URL(
      savedSearchHref({ item_name: 'Nike Tech Fleece & joggers', condition: 'new_with_tags' }),
      'http://x',
    );
    expect(url.pathname).toBe('/thriftingexplorer');
    expect(url.searchParams.get('q')).toBe('Nike Tech Fleece & joggers');
    expect(url.searchParams.get('condition')).toBe('new_with_tags');
  });
});
