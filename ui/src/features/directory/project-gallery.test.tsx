import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../../../test/helpers.tsx';
import { photo, project } from '../../../test/project-fixtures.ts';
import { ProviderProfilePage } from './provider-profile-page.tsx';
import { clientUser, detail, json, mockApi, renderAt } from './test-helpers.tsx';

const terrace = project({
  provider_name: 'Empresa prov-1',
  title: 'Terraza en Rincón',
  description: 'Madera tratada con vista al mar.',
  likes: 4,
  images: [photo(1, { is_cover: false }), photo(2, { is_cover: true }), photo(3)],
});

function mock() {
  return mockApi({
    'GET /providers/prov-1': () => json(200, detail()),
    'GET /projects/proj-1': () => json(200, terrace),
    'GET /providers/prov-1/projects': () => json(200, { items: [terrace] }),
    'POST /projects/proj-1/like': () => json(200, { liked: true, likes: 5 }),
  });
}

describe("the profile's project gallery", { timeout: 60_000 }, () => {
  it('shows a visitor the cover with WebP and JPEG widths, its room kept, and the likes without a button', async () => {
    mock();
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    const item = await screen.findByTestId('gallery-project');
    const picture = item.querySelector('picture')!;
    expect(picture.querySelector('source')!.getAttribute('type')).toBe('image/webp');
    expect(picture.querySelector('source')!.getAttribute('srcset')).toContain('-320.webp 320w');
    const img = picture.querySelector('img')!;
    expect(img.getAttribute('srcset')).toContain('-800.jpg 800w');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '600']);
    expect(img.getAttribute('src')).toContain(photo(2).path); // the cover
    expect(picture.getAttribute('style')).toContain('data:image/webp;base64,AAAA');
    expect(within(item).getByLabelText('4 me gusta')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /Me gusta/ })).toBeNull();
  });

  it('lets a signed-in client like a project, pressed state and count from the answer', async () => {
    const calls = mock();
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: clientUser });
    const like = await screen.findByRole('button', { name: 'Me gusta Terraza en Rincón' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toContain('5');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/projects/proj-1/like')).toHaveLength(1);
  });

  it('gives a provider looking at the profile no like button', async () => {
    mock();
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: profile({ id: 'prov-1', is_contractor: true }) });
    await screen.findByTestId('gallery-project');
    expect(screen.queryByRole('button', { name: /^Me gusta/ })).toBeNull();
  });

  it('shows the owner their private projects marked so, and leads from the projects tab to the portfolio', async () => {
    mockApi({
      'GET /providers/prov-1': () => json(200, detail()),
      'GET /providers/prov-1/projects': () => json(200, { items: [terrace, project({ id: 'proj-2', title: 'Cocina privada', is_public: false })] }),
      'GET /providers/me': () => json(200, { id: 'prov-1', company_name: 'Empresa prov-1', categories: [], social_media: {}, timezone: 'America/Puerto_Rico' }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id', user: profile({ id: 'prov-1', is_contractor: true }) });
    const hidden = (await screen.findByRole('heading', { name: /Cocina privada/ })).closest('li')!;
    expect(within(hidden).getByText('Privado')).toBeTruthy();
    const open = screen.getByRole('heading', { name: 'Terraza en Rincón' });
    expect(within(open).queryByText('Privado')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Proyectos' }));
    expect(screen.getByRole('link', { name: 'Ir al portafolio' }).getAttribute('href')).toBe('/provider/portfolio');
  });

  it('opens the viewer on the cover (a view of the project): arrows and swipes turn the photos, Escape closes', async () => {
    const calls = mock();
    const user = userEvent.setup({ delay: null });
    renderAt(<ProviderProfilePage />, '/providers/prov-1', { route: '/providers/:id' });
    await user.click(await screen.findByRole('button', { name: 'Ver las fotos de Terraza en Rincón' }));
    const viewer = screen.getByRole('dialog', { name: 'Terraza en Rincón' });
    // It opens on the photo the tile showed: the cover, the second.
    expect(within(viewer).getByText('Foto 2 de 3')).toBeTruthy();
    expect(within(viewer).getByText('Madera tratada con vista al mar.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/projects/proj-1')).toHaveLength(1));
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('Foto 3 de 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(viewer).getByText('Foto 1 de 3')).toBeTruthy();
    const stage = viewer.querySelector('.project-viewer__stage')!;
    fireEvent.touchStart(stage, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 200 }] });
    expect(within(viewer).getByText('Foto 2 de 3')).toBeTruthy();
    fireEvent.touchStart(stage, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 180 }] });
    expect(within(viewer).getByText('Foto 1 de 3')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
