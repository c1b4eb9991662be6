import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../../../test/helpers.tsx';
import { json, mockApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { PortfolioPage } from './portfolio-page.tsx';
import { fakeXhr } from '../../../test/fake-xhr.ts';
import { photo, project } from '../../../test/project-fixtures.ts';

const provider = profile({ id: 'prov-1', is_contractor: true });
const stats = { total: 2, views: 40, likes: 7, featured: 1 };

function renderPortfolio(items = [project(), project({ id: 'proj-2', title: 'Cocina en Ponce', is_public: false, featured: true, images: [project().images[0]!] })]) {
  const calls = mockApi({
    'GET /projects/my-projects': () => json(200, { items }),
    'GET /projects/my-stats': () => json(200, stats),
    'GET /geo/municipalities': () => json(200, { items: [{ slug: 'rincon', name: 'Rincón', lat: 18.3, lng: -67.2 }] }),
    'PATCH /projects/proj-1': (call) => json(200, { ...project(), ...(call.body as object) }),
    'POST /projects': (call) => json(201, { ...project({ id: 'proj-new' }), ...(call.body as object) }),
    'DELETE /projects/proj-2': () => json(204),
  });
  renderScreen(<PortfolioPage />, '/provider/portfolio', { user: provider });
  return calls;
}

describe('portfolio screen', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads picked photos, refuses a GIF before sending it, and creates the project with the chosen cover', async () => {
    const calls = renderPortfolio([]);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    const uploads = fakeXhr((_sent, index) => ({ status: 201, body: photo(index + 1, { is_cover: false }), progress: [0.5, 1] }));
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.click((await screen.findAllByRole('button', { name: 'Nuevo proyecto' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Nuevo proyecto' });
    await user.type(within(dialog).getByLabelText('Título'), 'Terraza en Rincón');
    await user.type(within(dialog).getByLabelText('Descripción'), 'Madera tratada con vista al mar.');
    const files = [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' }), new File(['c'], 'c.gif', { type: 'image/gif' })];
    await user.upload(within(dialog).getByTestId('photo-input'), files);
    const tiles = within(dialog).getAllByTestId('photo-tile');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[2]!).getByRole('alert').textContent).toBe('Ese tipo de archivo no es compatible.');
    expect(uploads).toHaveLength(2); // the GIF never left the device
    await waitFor(() => expect(within(tiles[1]!).getByRole('radio', { name: 'Portada' })).toHaveProperty('disabled', false));
    await user.click(within(dialog).getByRole('button', { name: 'Crear proyecto' }));
    expect(within(dialog).getByText('Quita o vuelve a intentar las fotos que no se subieron.')).toBeTruthy();
    await user.click(within(tiles[2]!).getByRole('button', { name: 'Quitar la foto 3' }));
    await user.click(within(tiles[1]!).getByRole('radio', { name: 'Portada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crear proyecto' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/projects')).toBeTruthy());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/projects')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      title: 'Terraza en Rincón',
      is_public: true,
      images: [
        { path: photo(1).path, is_cover: false },
        { path: photo(2).path, is_cover: true },
      ],
    });
  });

  it('shows the figures and the projects, public or private, and sorts by the chosen order', async () => {
    const calls = renderPortfolio();
    expect(await screen.findByRole('heading', { name: 'Baño en Rincón' })).toBeTruthy();
    const figures = screen.getByText('Vistas').closest('div')!;
    expect(within(figures).getByText('40')).toBeTruthy();
    const privateCard = screen.getByRole('heading', { name: 'Cocina en Ponce' }).closest('li')!;
    expect(within(privateCard).getByText('Privado')).toBeTruthy();
    expect(within(privateCard).getByText('Destacado')).toBeTruthy();
    expect(screen.getAllByText('3 me gusta · 12 vistas')).toHaveLength(2);

    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'most_liked');
    await waitFor(() => expect(calls.some((c) => c.path === '/projects/my-projects' && c.params.get('sort') === 'most_liked')).toBe(true));
  });

  it('says there are no projects yet and offers to create one', async () => {
    renderPortfolio([]);
    expect(await screen.findByRole('heading', { name: 'Aún no tienes proyectos' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Nuevo proyecto' })).toHaveLength(2);
  });

  it('checks the title, the description and the photos before sending a new project', async () => {
    const calls = renderPortfolio([]);
    const user = userEvent.setup({ delay: null });
    await user.click((await screen.findAllByRole('button', { name: 'Nuevo proyecto' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Nuevo proyecto' });
    await user.type(within(dialog).getByLabelText('Título'), 'ab');
    await user.type(within(dialog).getByLabelText('Descripción'), 'corta');
    await user.click(within(dialog).getByRole('button', { name: 'Crear proyecto' }));
    expect(within(dialog).getAllByText('Escribe al menos 3 caracteres.')).toHaveLength(1);
    expect(within(dialog).getByText('Escribe al menos 10 caracteres.')).toBeTruthy();
    expect(within(dialog).getByText('Añade al menos una foto.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('reorders photos with the arrow keys on a handle, moves the cover, drops one and saves the order', async () => {
    const calls = renderPortfolio();
    const user = userEvent.setup({ delay: null });
    const card = (await screen.findByRole('heading', { name: 'Baño en Rincón' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Editar' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar proyecto' });
    const tiles = () => within(dialog).getAllByTestId('photo-tile');
    expect(tiles()).toHaveLength(3);

    const handle = within(dialog).getByRole('button', { name: 'Foto 1 de 3: muévela con las flechas' });
    handle.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('Foto movida a la posición 2 de 3.')).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Foto 2 de 3: muévela con las flechas');
    await user.keyboard('{End}');
    await user.click(within(tiles()[0]!).getByRole('radio', { name: 'Portada' }));
    await user.click(within(tiles()[1]!).getByRole('button', { name: 'Quitar la foto 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    const sent = calls.find((c) => c.method === 'PATCH')!.body as { images: { path: string; is_cover: boolean }[]; materials: string[] };
    const original = project().images.map((image) => image.path);
    // 1 2 3 → 2 1 3 → 2 3 1; cover on 2; 3 removed.
    expect(sent.images).toEqual([
      { path: original[1], is_cover: true },
      { path: original[0], is_cover: false },
    ]);
    expect(sent.materials).toEqual(['losa', 'cemento']);
  });

  it('reorders photos by dragging one onto another', async () => {
    renderPortfolio();
    const user = userEvent.setup({ delay: null });
    const card = (await screen.findByRole('heading', { name: 'Baño en Rincón' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Editar' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar proyecto' });
    const [first, , third] = within(dialog).getAllByTestId('photo-tile');
    const data = { setData: () => undefined, effectAllowed: '' };
    fireEvent.dragStart(third!, { dataTransfer: data });
    fireEvent.dragOver(first!, { dataTransfer: data });
    fireEvent.drop(first!, { dataTransfer: data });
    const covers = within(dialog).getAllByRole('radio', { name: 'Portada' }) as HTMLInputElement[];
    // The cover (first photo) is now second.
    expect(covers.map((radio) => radio.checked)).toEqual([false, true, false]);
  });

  it('deletes a project after asking', async () => {
    const calls = renderPortfolio();
    const user = userEvent.setup({ delay: null });
    const card = (await screen.findByRole('heading', { name: 'Cocina en Ponce' })).closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Eliminar' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar proyecto' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/projects/proj-2')).toBe(true));
  });
});
