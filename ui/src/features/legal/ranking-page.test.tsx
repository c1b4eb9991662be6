import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { testI18n } from '../../../test/setup.ts';
import { profile, renderApp } from '../../../test/helpers.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  await act(() => testI18n.changeLanguage('es'));
});

describe('how we order results (/ranking)', () => {
  it('a visitor reads every input with the weight the api uses, the prior, and the way back to search', async () => {
    renderApp('/ranking', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cómo ordenamos los resultados' })).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'En esta página' });
    for (const entry of within(contents).getAllByRole('link')) {
      const target = document.getElementById(entry.getAttribute('href')!.slice(1));
      expect(within(target!).getByRole('heading', { level: 2 }).textContent).toContain(entry.textContent);
    }
    const quality = screen.getByRole('region', { name: /lo que cuenta dentro del oficio/i });
    const items = within(quality).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^Calificación: 45 %/),
      expect.stringMatching(/^Número de reseñas: 15 %\. Con 20 reseñas/),
      expect.stringMatching(/^Tiempo de respuesta: 15 %.*últimos 90 días.*en 2 horas.*al menos 3 casos/),
      expect.stringMatching(/^Distancia: 15 %\. A 10 km/),
      expect.stringMatching(/^Precio a la vista: 5 %/),
      expect.stringMatching(/^Verificado: 5 %/),
    ]);
    expect(screen.getByText(/como si empezara con 3 reseñas de 4 estrellas/)).toBeTruthy();
    expect(screen.getByText(/«limpieza» es Limpieza, no Mantenimiento de piscinas/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la búsqueda' }).getAttribute('href')).toBe('/providers');
  });

  it('reads in English at the English address', async () => {
    await testI18n.changeLanguage('en');
    renderApp('/ranking', { user: profile({ language: 'en' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'How we order results' })).toBeTruthy();
    expect(screen.getByText(/^Rating: 45%/)).toBeTruthy();
    expect(screen.getByText(/as if they started with 3 reviews of 4 stars/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to search' }).getAttribute('href')).toBe('/en/providers'));
  });
});
