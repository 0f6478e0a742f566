import { describe, expect, it } from 'vitest';
import {
  parseView,
  sortPatch,
  toApiQuery,
  toSearchParams,
  viewFilters,
  viewFromSaved,
} from './catalogue-view';

const ARTIST = '00000000-0000-4000-8000-000000000501';
const params = (query: string) => new URLSearchParams(query);

describe('catalogue view in the URL', () => {
  it('keeps only the filters a tab offers, and only valid values', () => {
    const view = parseView(
      params(`tab=works&year=2024&origin=imported&status=draft&missing=iswc&artist=${ARTIST}&sort=isrc`),
    );
    expect(view).toMatchObject({
      tab: 'works',
      year: '',
      origin: '',
      status: '',
      missing: 'iswc',
      artist: ARTIST,
      sort: 'title',
    });
    const bad = parseView(
      params('year=1850&origin=stolen&missing=upc&artist=not-a-uuid&dir=sideways&sort=artist'),
    );
    expect(bad).toMatchObject({
      tab: 'recordings',
      year: '',
      origin: '',
      missing: '',
      artist: '',
      dir: 'asc',
      sort: 'artist',
    });
  });

  it('writes defaults out of the URL and keeps the open record while the tab stays', () => {
    const current = params(`missing=isrc&recording=${ARTIST}&panel=attention`);
    const view = parseView(current);
    expect(toSearchParams({ ...view, q: 'gold' }, current).toString()).toBe(
      `q=gold&missing=isrc&recording=${ARTIST}&panel=attention`,
    );
    expect(toSearchParams({ ...view, tab: 'releases', missing: '' }, current).toString()).toBe(
      'tab=releases',
    );
  });

  it('round-trips a saved view’s filters', () => {
    const view = parseView(params(`tab=releases&status=released&year=2023&sort=release_date&dir=desc`));
    const filters = viewFilters(view);
    expect(filters).toEqual({ status: 'released', year: 2023, sort: 'release_date', dir: 'desc' });
    expect(viewFromSaved('releases', filters)).toEqual(view);
  });

  it('sends each tab the query its endpoint takes', () => {
    expect(toApiQuery(parseView(params(`year=2024&origin=demo&missing=split&artist=${ARTIST}`)))).toEqual({
      artist: ARTIST,
      dir: 'asc',
      year: 2024,
      origin: 'demo',
      missing: 'split',
      sort: 'title',
    });
    expect(toApiQuery(parseView(params('tab=works&q=love&missing=shares')))).toEqual({
      q: 'love',
      dir: 'asc',
      missing: 'shares',
      sort: 'title',
    });
  });

  it('flips the order on the same column, starts a new one ascending (newest first for updated)', () => {
    const view = parseView(params(''));
    expect(sortPatch(view, 'title')).toEqual({ sort: 'title', dir: 'desc' });
    expect(sortPatch(view, 'artist')).toEqual({ sort: 'artist', dir: 'asc' });
    expect(sortPatch(view, 'updated')).toEqual({ sort: 'updated', dir: 'desc' });
  });
});
