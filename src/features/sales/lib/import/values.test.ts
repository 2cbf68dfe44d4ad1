import { describe, expect, it } from 'vitest';
import {
  plainCell,
  readAmount,
  readCondition,
  readDate,
  readMarketplace,
  readPrice,
  readQuantity,
  readStatus,
} from './values';

const value = <T>(r: { ok: true; value: T } | { ok: false; reason: string }) => (r.ok ? r.value : r.reason);

describe('readPrice', () => {
  it.each([
    ['$25.00', { amount: 25, currency: 'USD' }],
    ['US $1,234.50', { amount: 1234.5, currency: 'USD' }],
    ['£12', { amount: 12, currency: 'GBP' }],
    ['12,50 €', { amount: 12.5, currency: 'EUR' }],
    ['1.234,50 EUR', { amount: 1234.5, currency: 'EUR' }],
    ['C $40', { amount: 40, currency: 'CAD' }],
    ['34.5', { amount: 34.5, currency: null }],
    ['', null],
  ])('%s', (text, expected) => {
    expect(value(readPrice(text))).toEqual(expected);
  });

  it('names what it cannot read', () => {
    expect(value(readPrice('abc'))).toBe('price “abc” is not a number');
    expect(value(readPrice('-5'))).toBe('price “-5” is negative');
    expect(value(readPrice('($5.00)'))).toBe('price “($5.00)” is negative');
  });
});

describe('readDate', () => {
  it.each([
    ['2026-03-05', '2026-03-05T00:00:00.000Z'],
    ['2026-03-05T10:20:30Z', '2026-03-05T10:20:30.000Z'],
    ['2026-03-05 10:20:30+02:00', '2026-03-05T08:20:30.000Z'],
    ['03/05/2026', '2026-03-05T00:00:00.000Z'],
    ['3/5/26', '2026-03-05T00:00:00.000Z'],
    ['Mar-05-26', '2026-03-05T00:00:00.000Z'],
    ['Mar 5, 2026', '2026-03-05T00:00:00.000Z'],
    ['March 5, 2026 4:15 PM', '2026-03-05T16:15:00.000Z'],
    ['5 Mar 2026', '2026-03-05T00:00:00.000Z'],
    ['05-Mar-2026', '2026-03-05T00:00:00.000Z'],
    // A zone eBay prints moves the time to UTC.
    ['Mar-05-26 10:22:33 PDT', '2026-03-05T17:22:33.000Z'],
    ['Jun-29-26 16:00:01 PDT', '2026-06-29T23:00:01.000Z'],
    ['Feb-11-26 09:14:52 PST', '2026-02-11T17:14:52.000Z'],
    ['11/06/23', '2023-11-06T00:00:00.000Z'],
    ['Sep-30-26 23:45:00', '2026-09-30T23:45:00.000Z'],
    ['N/A', null],
    ['--', null],
    ['2026-03-05 10:00:00 UTC', '2026-03-05T10:00:00.000Z'],
    ['2026/03/05', '2026-03-05T00:00:00.000Z'],
    ['Thu, Mar 5, 2026, 4:15 PM', '2026-03-05T16:15:00.000Z'],
    ['5 March 2026 16:00', '2026-03-05T16:00:00.000Z'],
    ['Mar. 5, 2026', '2026-03-05T00:00:00.000Z'],
    ['', null],
  ])('%s', (text, expected) => {
    expect(value(readDate(text))).toBe(expected);
  });

  it('reads day first where the export writes dates that way', () => {
    expect(value(readDate('03/05/2026', true))).toBe('2026-05-03T00:00:00.000Z');
    expect(value(readDate('25.12.2025 18:00', true))).toBe('2025-12-25T18:00:00.000Z');
  });

  it('refuses what is not a date, including a day a month does not have', () => {
    expect(readDate('not a date').ok).toBe(false);
    expect(readDate('02/30/2026').ok).toBe(false);
    expect(readDate('13/01/2026').ok).toBe(false);
  });
});

describe('readCondition', () => {
  it.each([
    ['New with tags', 'new_with_tags'],
    ['NWT', 'new_with_tags'],
    ['New without tags', 'new_without_tags'],
    ['Like new', 'new_without_tags'],
    ['Used - Excellent', 'pre_owned'],
    ['Pre-owned', 'pre_owned'],
    ['Good', 'pre_owned'],
    ['new_with_imperfections', 'new_with_imperfections'],
    ['', null],
  ])('%s', (text, expected) => {
    expect(value(readCondition(text))).toBe(expected);
  });

  it('names a condition it does not know instead of guessing', () => {
    expect(value(readCondition('Mint'))).toMatch(/^condition “Mint” is not one we know/);
  });
});

describe('readStatus and readMarketplace', () => {
  it('reads sold and what became of the sale, listed, and refuses drafts', () => {
    expect(value(readStatus('Sold'))).toEqual({ status: 'sold', sale: null });
    expect(value(readStatus('Completed'))).toEqual({ status: 'sold', sale: 'completed' });
    expect(value(readStatus('In Progress'))).toEqual({ status: 'sold', sale: 'in_progress' });
    expect(value(readStatus('Shipped'))).toEqual({ status: 'sold', sale: 'shipped' });
    expect(value(readStatus('Canceled'))).toEqual({ status: 'sold', sale: 'cancelled' });
    expect(value(readStatus('cancelled'))).toEqual({ status: 'sold', sale: 'cancelled' });
    expect(value(readStatus('Refunded'))).toEqual({ status: 'sold', sale: 'refunded' });
    expect(value(readStatus('Partially Refunded'))).toEqual({ status: 'sold', sale: 'completed' });
    expect(value(readStatus('RETURNED'))).toEqual({ status: 'sold', sale: 'returned' });
    expect(value(readStatus('Active'))).toEqual({ status: 'available', sale: null });
    expect(value(readStatus('Draft'))).toMatch(/neither sold nor listed/);
  });

  it('makes marketplace names lower-case keys', () => {
    expect(value(readMarketplace('eBay'))).toBe('ebay');
    expect(value(readMarketplace('Facebook Marketplace'))).toBe('facebook_marketplace');
    expect(value(readMarketplace('Poshmark.com'))).toBe('poshmark');
    // Other spellings of the marketplaces the product names are the same key.
    expect(value(readMarketplace('FB Marketplace'))).toBe('facebook_marketplace');
    expect(value(readMarketplace('www.ebay.com'))).toBe('ebay');
    expect(value(readMarketplace('eBay UK'))).toBe('ebay');
    expect(readMarketplace('!').ok).toBe(false);
  });
});

describe('placeholders, amounts and quantities', () => {
  it.each([
    ['N/A', ''],
    ['n/a', ''],
    ['--', ''],
    ['—', ''],
    ['="-"', ''],
    ['=""-""', ''],
    ['="0123"', '0123'],
    [' Levi’s ', 'Levi’s'],
    ['=HYPERLINK("x","y")', '=HYPERLINK("x","y")'],
  ])('%s', (text, expected) => {
    expect(plainCell(text)).toBe(expected);
  });

  it('reads net earnings below zero where a field may be, and refuses them elsewhere', () => {
    expect(value(readAmount('-$3.20', 'net', true))).toEqual({ amount: -3.2, currency: 'USD' });
    expect(value(readAmount('($3.20)', 'net', true))).toEqual({ amount: -3.2, currency: 'USD' });
    expect(value(readAmount('-3.20', 'fees'))).toBe('fees “-3.20” is negative');
    expect(value(readAmount('--', 'fees'))).toBeNull();
  });

  it('reads a quantity as a whole number of units', () => {
    expect(value(readQuantity('2'))).toBe(2);
    expect(value(readQuantity('1,200'))).toBe(1200);
    expect(value(readQuantity(''))).toBeNull();
    expect(value(readQuantity('0'))).toMatch(/is 0/);
    expect(value(readQuantity('1.5'))).toMatch(/not a whole number/);
    expect(value(readQuantity('200000'))).toMatch(/more than 100,000/);
  });
});
