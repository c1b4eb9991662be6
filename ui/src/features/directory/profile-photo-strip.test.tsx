import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { photo, project } from '../../../test/project-fixtures.ts';
import { ProviderProfilePage } from './provider-profile-page.tsx';
import { detail, json, mockApi, renderAt } from './test-helpers.tsx';

const terrace = project({
  id: 'proj-1',
  title: 'Terraza en Rincón',
  images: [photo(1, { is_cover: false }), photo(2, { is_cover: true }), photo(3, { is_cover: false }), photo(4, { is_cover: false }), photo(5, { is_cover: false })],
});
const kitchen = project({ id: 'proj-2', title: 'Cocina en Aguada', images: [photo(6, { is_cover: true })] });
const hidden = project({ id: 'proj-3', title: 'Baño privado', is_public: false, images: [photo(7, { is_cover: true })] });

function mock() {
  return mockApi({
    'GET /providers/prov-1': () => json(200, detail()),
    'GET /providers/prov-1/projects': () => json(200, { items: [terrace, kitchen, hidden] }),
    'GET /projects/proj-1': () => json(200, terrace),
    'GET /projects/proj-2': () => json(200, kitchen),
  });
}

describe('the photo strip at the top of a profile', { timeout: 60_000 }, () => {
  it("leads the page with each public project's cover, before the header", async () => {
    mock();
    const { container } = renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    const strip = await screen.findByRole('region', { name: 'Fotos de sus trabajos' });
    const buttons = within(strip).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Terraza en Rincón: ver sus 5 fotos', 'Cocina en Aguada: ver su foto']);
    // The cover is the photo shown, the first asked for at once and the others when near the screen.
    const images = strip.querySelectorAll('img');
    expect(images[0]!.getAttribute('src')).toContain(photo(2).path);
    expect(images[0]!.getAttribute('loading')).toBe('eager');
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    expect([images[0]!.getAttribute('width'), images[0]!.getAttribute('height')]).toEqual(['800', '600']);
    expect(strip.compareDocumentPosition(container.querySelector('.profile-header')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens the project on its cover: counter, every photo by its thumbnail, arrows, and focus back on the photo after Escape', async () => {
    mock();
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    const strip = await screen.findByRole('region', { name: 'Fotos de sus trabajos' });
    const opener = within(strip).getByRole('button', { name: 'Terraza en Rincón: ver sus 5 fotos' });
    await user.click(opener);
    const viewer = screen.getByRole('dialog', { name: 'Terraza en Rincón' });
    expect(within(viewer).getByText('Foto 2 de 5')).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Ver la foto 2 de 5' }).getAttribute('aria-current')).toBe('true');
    await user.click(within(viewer).getByRole('button', { name: 'Ver la foto 5 de 5' }));
    expect(within(viewer).getByText('Foto 5 de 5')).toBeTruthy();
    expect(within(viewer).getByRole('img', { name: 'Terraza en Rincón, foto 5 de 5' }).getAttribute('src')).toContain(photo(5).path);
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('Foto 1 de 5')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps the Tab key inside the open viewer', async () => {
    mock();
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    const strip = await screen.findByRole('region', { name: 'Fotos de sus trabajos' });
    await user.click(within(strip).getByRole('button', { name: 'Cocina en Aguada: ver su foto' }));
    const viewer = screen.getByRole('dialog', { name: 'Cocina en Aguada' });
    // One photo: no turning, no thumbnails.
    expect(within(viewer).queryByRole('button', { name: 'Foto siguiente' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: /Ver la foto/ })).toBeNull();
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(viewer.contains(document.activeElement)).toBe(true);
    }
  });

  it('shows no strip for a provider without public projects or a cover photo', async () => {
    mockApi({ 'GET /providers/prov-1': () => json(200, detail()), 'GET /providers/prov-1/projects': () => json(200, { items: [hidden] }) });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    await screen.findByRole('heading', { level: 1, name: 'Empresa prov-1' });
    await waitFor(() => expect(screen.getByText('Baño privado')).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Fotos de sus trabajos' })).toBeNull();
  });
});
