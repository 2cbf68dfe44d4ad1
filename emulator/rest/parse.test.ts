// The PostgREST query grammar, parsed without a database.
import { describe, expect, it } from 'vitest';
import {
  parseCondition,
  parseField,
  parseLogic,
  parseOrder,
  parsePrefer,
  parseRange,
  parseSelect,
} from './parse';
import { arrayLiteral } from './sql';

describe('select', () => {
  it('reads a double-quoted column name that holds a space, and JSON paths after it', () => {
    expect(parseSelect('"column whitespace",id')).toEqual([
      { kind: 'field', field: { column: 'column whitespace', path: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { column: 'id', path: [] }, alias: undefined, cast: undefined },
    ]);
    expect(parseField('"meta data"->>size')).toEqual({
      column: 'meta data',
      path: [{ arrow: '->>', key: 'size' }],
    });
    expect(() => parseField('"meta data"x')).toThrow('failed to parse field');
  });

  it('reads columns, star, aliases, casts and JSON paths', () => {
    expect(parseSelect('id, name:title ,qty::text,meta->a->>b')).toEqual([
      { kind: 'field', field: { column: 'id', path: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { column: 'title', path: [] }, alias: 'name', cast: undefined },
      { kind: 'field', field: { column: 'qty', path: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'field',
        field: {
          column: 'meta',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
    ]);
    expect(parseSelect(undefined)).toEqual([{ kind: 'star' }]);
    expect(parseSelect('*')).toEqual([{ kind: 'star' }]);
  });

  it('refuses embedding, aggregates and casts that are not plain type names', () => {
    expect(() => parseSelect('id,author(name)')).toThrow(/failed to parse select/);
    expect(() => parseSelect('count()')).toThrow();
    expect(() => parseSelect('id::text;drop')).toThrow();
    expect(() => parseSelect('a"b:id')).toThrow();
  });
});

describe('filters', () => {
  it('reads (any) and (all) quantifiers on the operators that take them', () => {
    expect(parseCondition({ column: 'name', path: [] }, 'like(any).{a*,b*}')).toMatchObject({
      op: 'like',
      quantifier: 'any',
      value: '{a*,b*}',
      config: undefined,
    });
    expect(parseCondition({ column: 'age', path: [] }, 'gt(all).{1,2}')).toMatchObject({ quantifier: 'all' });
    expect(() => parseCondition({ column: 'tags', path: [] }, 'cs(any).{a}')).toThrow(
      'failed to parse filter',
    );
  });

  it('reads operators, negation and text-search configurations', () => {
    const field = parseField('title');
    expect(parseCondition(field, 'eq.a.b')).toMatchObject({ op: 'eq', value: 'a.b', negate: false });
    expect(parseCondition(field, 'not.like.*x*')).toMatchObject({ op: 'like', value: '*x*', negate: true });
    expect(parseCondition(field, 'in.(a,"b,c",d)')).toMatchObject({ op: 'in', list: ['a', 'b,c', 'd'] });
    expect(parseCondition(field, 'fts(english).cat & dog')).toMatchObject({
      op: 'fts',
      config: 'english',
      value: 'cat & dog',
    });
    expect(parseCondition(field, 'is.NULL')).toMatchObject({ op: 'is', value: 'NULL' });
  });

  it('refuses unknown operators, bad is values and configurations on other operators', () => {
    const field = parseField('title');
    expect(() => parseCondition(field, 'drop.x')).toThrow();
    expect(() => parseCondition(field, 'x')).toThrow();
    expect(() => parseCondition(field, 'is.maybe')).toThrow();
    expect(() => parseCondition(field, 'eq(english).x')).toThrow();
  });

  it('reads nested logic trees with quoted values', () => {
    const tree = parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.is.null),d.eq."x,y)")');
    expect(tree.children).toHaveLength(3);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    expect(tree.children[2]).toMatchObject({ kind: 'condition', value: 'x,y)' });
    expect(() => parseLogic('or', false, '(a.eq.1')).toThrow();
    expect(() => parseLogic('or', false, '(a.eq.1))')).toThrow();
  });
});

describe('order, ranges and preferences', () => {
  it('reads order terms', () => {
    expect(parseOrder('price.desc.nullslast,id')).toEqual([
      { field: { column: 'price', path: [] }, desc: true, nulls: 'last' },
      { field: { column: 'id', path: [] }, desc: false },
    ]);
  });

  it('reads Range and Prefer headers', () => {
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('5-')).toEqual({ offset: 5, limit: undefined });
    expect(() => parseRange('9-0')).toThrow(/not satisfiable/);
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
    });
  });

  it('quotes array literals so commas, quotes and backslashes stay inside their element', () => {
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g'])).toBe('{"a","b,c","d\\"e","f\\\\g"}');
  });
});
