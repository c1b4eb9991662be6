import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, mockApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { SiteFigures } from './site-figures.tsx';

const stats = {
  providers: 120,
  clients: 151,
  completed_jobs: 830,
  average_rating: 4.7,
  municipalities_served: 64,
  top_categories: [{ slug: 'plumbing', providers: 12 }],
  computed_at: '2026-11-28T12:00:00Z',
};

describe('the landing figures', () => {
  it('show only what a visitor can weigh: providers, jobs done, rating and towns, never a count of client accounts', async () => {
    mockApi({ 'GET /analytics/website-stats': () => json(200, stats), 'GET /categories': () => json(200, { items: [] }) });
    renderScreen(<SiteFigures />, '/', { user: null });
    const region = await screen.findByRole('region', { name: 'Resuelve en números' });
    const terms = (await within(region).findAllByRole('term')).map((term) => term.textContent);
    expect(terms).toEqual(['Proveedores', 'Trabajos completados', 'Calificación promedio', 'Municipios servidos']);
    expect(within(region).queryByText('Clientes')).toBeNull();
    expect(within(region).queryByText('151')).toBeNull();
  });
});
