import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, slugOf, type GeographyFile } from './generate-geography.ts';

const committed: GeographyFile = JSON.parse(readFileSync(new URL('../../migrations/data/pr-geography.json', import.meta.url), 'utf8'));

describe('pr-geography.json', () => {
  it('is exactly what the script makes from the pinned packages', () => {
    expect(generate()).toEqual(committed);
  });

  it('has the 78 municipalities with unique slugs and Census names with accents', () => {
    expect(committed.municipalities).toHaveLength(78);
    expect(new Set(committed.municipalities.map((m) => m.slug)).size).toBe(78);
    const byName = new Map(committed.municipalities.map((m) => [m.name, m.slug]));
    const expected: [string, string][] = [['Bayamón', 'bayamon'], ['Cataño', 'catano'], ['Río Grande', 'rio-grande'], ['Añasco', 'anasco'], ['Loíza', 'loiza'], ['Peñuelas', 'penuelas'], ['Juana Díaz', 'juana-diaz'], ['Mayagüez', 'mayaguez']];
    for (const [name, slug] of expected) expect(byName.get(name)).toBe(slug);
    // Every centre on or near the islands of Puerto Rico.
    for (const m of committed.municipalities) {
      expect(m.lat).toBeGreaterThan(17.8);
      expect(m.lat).toBeLessThan(18.6);
      expect(m.lng).toBeGreaterThan(-67.3);
      expect(m.lng).toBeLessThan(-65.2);
    }
  });

  it("places Mayagüez's centre in Mayagüez, not toward Isla de Mona", () => {
    const mayaguez = committed.municipalities.find((m) => m.slug === 'mayaguez')!;
    expect(mayaguez.lat).toBeCloseTo(18.2, 1);
    expect(mayaguez.lng).toBeCloseTo(-67.1, 1);
  });

  it('assigns every ZIP (006xx, 007xx, 009xx; no Virgin Islands 008xx) to a municipality, each municipality having one', () => {
    const slugs = new Set(committed.municipalities.map((m) => m.slug));
    expect(committed.zip_codes.length).toBeGreaterThan(150);
    for (const zip of committed.zip_codes) {
      expect(zip.zip).toMatch(/^00[679]\d\d$/);
      expect(slugs.has(zip.municipality_slug)).toBe(true);
    }
    expect(new Set(committed.zip_codes.map((z) => z.municipality_slug)).size).toBe(78);
    const of = (zip: string) => committed.zip_codes.find((z) => z.zip === zip)?.municipality_slug;
    expect([of('00680'), of('00901'), of('00765'), of('00956'), of('00730')]).toEqual(['mayaguez', 'san-juan', 'vieques', 'bayamon', 'ponce']);
  });

  it('makes slugs without accents or spaces', () => {
    expect(slugOf('Río Grande')).toBe('rio-grande');
    expect(slugOf('Mayagüez')).toBe('mayaguez');
    expect(slugOf('Juana Díaz')).toBe('juana-diaz');
  });
});
