import { describe, expect, it } from 'vitest';
import { normalizeTerritory, TERRITORIES, territoryByAlpha2 } from './territories.ts';

describe('TERRITORIES', () => {
  it('lists the 249 ISO 3166-1 countries once each, plus Kosovo', () => {
    const iso = TERRITORIES.filter((t) => t.alpha2 !== 'XK');
    expect(iso).toHaveLength(249);
    expect(new Set(TERRITORIES.map((t) => t.alpha2)).size).toBe(TERRITORIES.length);
    expect(new Set(TERRITORIES.map((t) => t.alpha3)).size).toBe(TERRITORIES.length);
    for (const t of TERRITORIES) {
      expect(t.alpha2).toMatch(/^[A-Z]{2}$/);
      expect(t.alpha3).toMatch(/^[A-Z]{3}$/);
      expect(t.name.length).toBeGreaterThan(2);
    }
  });

  it('agrees with the region names the runtime knows for every alpha-2 code', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    // An unknown code comes back unchanged: every one of ours must be a real region.
    for (const t of TERRITORIES) expect(names.of(t.alpha2)).not.toBe(t.alpha2);
  });

  it('finds a territory by its code', () => {
    expect(territoryByAlpha2('GB')).toEqual({ alpha2: 'GB', alpha3: 'GBR', name: 'United Kingdom' });
    expect(territoryByAlpha2('UK')).toBeUndefined();
  });
});

describe('normalizeTerritory', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    [' gb ', 'GB'],
    ['UK', 'GB'],
    ['GBR', 'GB'],
    ['deu', 'DE'],
    ['USA', 'US'],
    ['United States', 'US'],
    ['United States of America', 'US'],
    ['UNITED KINGDOM', 'GB'],
    ['united kingdom', 'GB'],
    ['Germany', 'DE'],
    ['Côte d’Ivoire', 'CI'],
    ["Cote d'Ivoire", 'CI'],
    ['Ivory Coast', 'CI'],
    ['Korea, Republic of', 'KR'],
    ['South Korea', 'KR'],
    ['Viet Nam', 'VN'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
    ['Czech Republic', 'CZ'],
    ['St. Lucia', 'LC'],
    ['Saint Kitts & Nevis', 'KN'],
    ['Trinidad & Tobago', 'TT'],
    ['Bosnia and Herzegovina', 'BA'],
    ['Réunion', 'RE'],
    ['REUNION', 'RE'],
    ['The Netherlands', 'NL'],
    ['Hong Kong', 'HK'],
    ['Russian Federation', 'RU'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Congo', 'CG'],
    ['Kosovo', 'XK'],
    ['XK', 'XK'],
  ])('%j -> %s', (text, alpha2) => {
    expect(normalizeTerritory(text)).toBe(alpha2);
  });

  it.each(['', '  ', 'WW', 'ww', 'World', 'WORLDWIDE', 'Rest of World', 'ZZ', 'N/A'])(
    '%j is "not reported" (null)',
    (text) => {
      expect(normalizeTerritory(text)).toBeNull();
    },
  );

  it.each(['QQ', 'Atlantis', 'GBX', 'EU', 'Europe', 'United', '??'])('%j is unknown (undefined)', (text) => {
    expect(normalizeTerritory(text)).toBeUndefined();
  });

  it('answers the same from its cache as the first time', () => {
    expect(normalizeTerritory('Atlantis')).toBeUndefined();
    expect(normalizeTerritory('Atlantis')).toBeUndefined();
    expect(normalizeTerritory('france')).toBe('FR');
    expect(normalizeTerritory('france')).toBe('FR');
  });
});
