import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import type { ProfileHeadData } from '@resuelve/contract';
import { testI18n } from '../../test/setup.ts';
import { PageFrame } from './page-frame.tsx';

afterEach(async () => {
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

const provider: ProfileHeadData = {
  id: 'p-1',
  company_name: 'Plomería Borinquen',
  description: 'Tuberías y calentadores.',
  categories: [{ slug: 'plumbing', name: 'Plomería' }],
  municipality: { slug: 'san-juan', name: 'San Juan' },
  rating_average: 4.8,
  review_count: 12,
  profile_picture_url: null,
  rate: null,
  cover_photo: null,
};

// The server render writes a public page's head with the same words (decision record 0036).
describe('PageFrame window title', () => {
  it('names a screen "Title · Resuelve" and leaves the description alone', () => {
    document.head.querySelector('meta[name="description"]')?.remove();
    render(<PageFrame feature="x" title="Mis citas" />);
    expect(document.title).toBe('Mis citas · Resuelve');
    expect(description()).toBeUndefined();
  });

  it("gives a public page its server head's title and description, and follows the language", async () => {
    const { rerender } = render(<PageFrame feature="directory" title="Plomería Borinquen" head={{ kind: 'profile', provider }} />);
    expect(document.title).toBe('Plomería Borinquen: Plomería en San Juan · Resuelve');
    expect(description()).toBe('★ 4,8 (12 reseñas) · Tuberías y calentadores.');
    await act(() => testI18n.changeLanguage('en'));
    rerender(<PageFrame feature="directory" title="Plomería Borinquen" head={{ kind: 'profile', provider }} />);
    expect(document.title).toBe('Plomería Borinquen: Plomería in San Juan · Resuelve');
    expect(description()).toBe('★ 4.8 (12 reviews) · Tuberías y calentadores.');
  });

  it('names a search by its category and municipality', () => {
    const head = {
      kind: 'search' as const,
      query: { category: 'plumbing', municipality: 'ponce' },
      category: { slug: 'plumbing', name: 'Plomería' },
      municipality: { slug: 'ponce', name: 'Ponce' },
    };
    render(<PageFrame feature="directory" title="Buscar proveedores" head={head} />);
    expect(document.title).toBe('Plomería en Ponce · Resuelve');
    expect(description()).toMatch(/^Plomería en Ponce, Puerto Rico: compara proveedores/);
  });
});
