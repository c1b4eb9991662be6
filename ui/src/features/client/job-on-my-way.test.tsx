import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { testI18n } from '../../../test/setup.ts';
import { job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import type { Job } from '../../entities/job/api.ts';
import { ClientJobPage } from './job-detail-page.tsx';

function renderDetail(answer: Job) {
  mockApi({ 'GET /jobs/job-1': () => json(200, answer), 'GET /categories': () => json(200, { items: [] }) });
  return renderScreen(<ClientJobPage />, '/client/jobs/job-1', { route: '/client/jobs/:id' });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => testI18n.changeLanguage('es'));
});

describe("the client's job page: on my way and WhatsApp", { timeout: 30_000 }, () => {
  it("says the provider is on the way with the arrival on the provider's clock", async () => {
    renderDetail(job({ on_my_way: { at: '2030-01-10T08:20:00-04:00', arrival_at: '2030-01-10T08:50:00-04:00' } }));
    const note = await screen.findByText('Plomería Luis va en camino');
    expect(note.closest('[role="status"]')!.textContent).toMatch(/Llegada estimada: 8:50\sa\.\sm\./);
  });

  it('offers WhatsApp with a message naming the job in the client\'s language, only when the api gives the number', async () => {
    renderDetail(job({ provider_whatsapp: '17875550123' }));
    const provider = await screen.findByRole('complementary', { name: 'Proveedor' });
    const link = within(provider).getByRole('link', { name: 'Escribir por WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/17875550123');
    expect(href.searchParams.get('text')).toBe('Hola, Plomería Luis. Te escribo por el trabajo «Arreglar el fregadero» del jueves, 10 de enero de 2030 que acordamos en Resuelve.');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows neither without them', async () => {
    renderDetail(job());
    await screen.findByRole('complementary', { name: 'Proveedor' });
    expect(screen.queryByText(/va en camino/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Escribir por WhatsApp' })).toBeNull();
  });
});
