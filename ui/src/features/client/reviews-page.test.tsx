import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review } from '@resuelve/contract';
import { testI18n } from '../../../test/setup.ts';
import { apiError, job, json, mockApi, renderScreen } from '../../../test/jobs-test-kit.tsx';
import { ClientReviewsPage } from './reviews-page.tsx';
import { ClientHomePage } from './home-page.tsx';
import { ClientJobPage } from './job-detail-page.tsx';

function review(id: string, overrides: Partial<Review> = {}): Review {
  return {
    id,
    job_id: `job-${id}`,
    provider_id: `prov-${id}`,
    client_id: 'client-1',
    rating: 4,
    comment: 'Muy buen trabajo',
    reply: null,
    client_name: 'Ana R.',
    provider_name: `Plomería ${id}`,
    created_at: '2026-11-20T12:00:00Z',
    updated_at: '2026-11-20T12:00:00Z',
    ...overrides,
  };
}

// user-event walks a radio group by name with CSS.escape, which jsdom lacks (browsers have it).
if (!globalThis.CSS?.escape) vi.stubGlobal('CSS', { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });

afterEach(async () => {
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

describe('the review dialog', { timeout: 60_000 }, () => {
  it('is a radio group of five named stars used by keyboard, needs a rating, and sends the rating and comment', async () => {
    const calls = mockApi({
      'GET /reviews/prompt': () => json(200, { prompt: { job_id: 'job-1', job_title: 'Fregadero', provider_id: 'prov-1', provider_name: 'Plomería Sol' } }),
      'PATCH /jobs/job-1/review-prompt-shown': () => json(200, job({ id: 'job-1', review_prompt_shown: true })),
      'POST /providers/prov-1/reviews': () => json(201, review('new', { provider_id: 'prov-1' })),
      'GET /jobs': () => json(200, { items: [], next_cursor: null }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ClientHomePage />, '/client/home', { route: '/client/home' });
    const prompt = await screen.findByRole('region', { name: '¿Cómo te fue?' });
    expect(within(prompt).getByText('Tu trabajo «Fregadero» con Plomería Sol está completado. Califícalo para ayudar a otros clientes a elegir.')).toBeTruthy();
    // Asked once: showing it marks the job's prompt shown, a single time.
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH' && c.path === '/jobs/job-1/review-prompt-shown')).toHaveLength(1));

    await user.click(within(prompt).getByRole('button', { name: 'Calificar ahora' }));
    const dialog = screen.getByRole('dialog', { name: 'Reseñar a Plomería Sol' });
    const group = within(dialog).getByRole('group', { name: 'Tu calificación' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('aria-label') ?? radio.closest('label')!.textContent)).toEqual([
      '★1 de 5: Malo',
      '★2 de 5: Regular',
      '★3 de 5: Bueno',
      '★4 de 5: Muy bueno',
      '★5 de 5: Excelente',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reseña' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Elige una calificación de 1 a 5 estrellas.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Keyboard: the first radio takes focus, the arrows move the choice.
    within(group).getAllByRole('radio')[0]!.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect((within(group).getByRole('radio', { name: '4 de 5: Muy bueno' }) as HTMLInputElement).checked).toBe(true);
    expect(within(group).getByText('Muy bueno')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Comentario (opcional)'), '  Arregló el <b>fregadero</b>  ');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reseña' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The prompt's job is the one reviewed.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ rating: 4, comment: 'Arregló el <b>fregadero</b>', job_id: 'job-1' });
    expect(screen.queryByRole('region', { name: '¿Cómo te fue?' })).toBeNull();
  });

  it('puts a refusal in words in the dialog (409 review_already_given), in English too', async () => {
    await testI18n.changeLanguage('en');
    mockApi({
      'GET /reviews/prompt': () => json(200, { prompt: { job_id: 'job-1', job_title: 'Sink', provider_id: 'prov-1', provider_name: 'Sun Plumbing' } }),
      'PATCH /jobs/job-1/review-prompt-shown': () => json(200, job({ id: 'job-1' })),
      'POST /providers/prov-1/reviews': () => apiError(409, 'review_already_given'),
      'GET /jobs': () => json(200, { items: [], next_cursor: null }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ClientHomePage />, '/client/home', { route: '/client/home' });
    await user.click(await screen.findByRole('button', { name: 'Rate now' }));
    const dialog = screen.getByRole('dialog', { name: 'Review Sun Plumbing' });
    await user.click(within(dialog).getByRole('radio', { name: '5 of 5: Excellent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You already reviewed this job. You can edit your review instead.');
  });
});

describe('/client/reviews', { timeout: 60_000 }, () => {
  it("lists the client's reviews with the provider's reply, edits one and deletes one after confirming", async () => {
    let items = [review('a', { reply: { text: 'Gracias, Ana', created_at: '2026-11-21T12:00:00Z', updated_at: '2026-11-21T12:00:00Z' } }), review('b', { rating: 2, comment: 'Tarde' })];
    const calls = mockApi({
      'GET /reviews/my-reviews': () => json(200, { items, next_cursor: null }),
      'PATCH /reviews/a': (call) => {
        items = items.map((r) => (r.id === 'a' ? { ...r, ...(call.body as object), updated_at: '2026-11-22T12:00:00Z' } : r));
        return json(200, items[0]);
      },
      'DELETE /reviews/b': () => {
        items = items.filter((r) => r.id !== 'b');
        return json(204);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ClientReviewsPage />, '/client/reviews', { route: '/client/reviews' });
    const first = await screen.findByRole('article', { name: 'Reseña de Plomería a' });
    expect(within(first).getByText('4 de 5: Muy bueno')).toBeTruthy();
    expect(within(first).getByText('Gracias, Ana')).toBeTruthy();
    // Each review leads to its job (a client may review several jobs of one provider).
    expect(within(first).getByRole('link', { name: 'Ver el trabajo' }).getAttribute('href')).toBe('/client/jobs/job-a');

    await user.click(within(first).getByRole('button', { name: 'Editar' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar tu reseña de Plomería a' });
    expect((within(dialog).getByRole('radio', { name: '4 de 5: Muy bueno' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Comentario (opcional)') as HTMLTextAreaElement).value).toBe('Muy buen trabajo');
    await user.click(within(dialog).getByRole('radio', { name: '5 de 5: Excelente' }));
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar reseña' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ rating: 5, comment: 'Muy buen trabajo' });
    expect(await within(screen.getByRole('article', { name: 'Reseña de Plomería a' })).findByText('5 de 5: Excelente')).toBeTruthy();

    const second = screen.getByRole('article', { name: 'Reseña de Plomería b' });
    await user.click(within(second).getByRole('button', { name: 'Eliminar' }));
    const confirm = screen.getByRole('dialog', { name: '¿Eliminar esta reseña?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(second).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(screen.getByRole('dialog', { name: '¿Eliminar esta reseña?' })).getByRole('button', { name: 'Eliminar reseña' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Reseña de Plomería b' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/reviews/b']);
  });

  it('says when there are none yet, and offers to try again when they fail to load', async () => {
    let fail = true;
    mockApi({ 'GET /reviews/my-reviews': () => (fail ? apiError(500, 'internal_error') : json(200, { items: [], next_cursor: null })) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ClientReviewsPage />, '/client/reviews', { route: '/client/reviews' });
    expect(await screen.findByText('No pudimos cargar tus reseñas.', {}, { timeout: 15_000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Aún no has reseñado a nadie/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buscar servicios' }).getAttribute('href')).toBe('/providers');
  });
});

describe("a completed job's page", { timeout: 60_000 }, () => {
  it("offers to write that job's own review, and then to edit it", async () => {
    const done = job({ id: 'job-9', status: 'completed', review_prompt_shown: false });
    let mine: Review | null = null;
    const calls = mockApi({
      'GET /jobs/job-9': () => json(200, done),
      'GET /jobs/job-9/history': () => json(200, { items: [] }),
      'GET /jobs/job-9/sessions': () => json(200, { items: [done] }),
      'GET /job-time-extensions/job/job-9': () => json(200, { items: [] }),
      'PATCH /jobs/job-9/review-prompt-shown': () => json(200, { ...done, review_prompt_shown: true }),
      // The job's own review: another review of the same provider (an earlier job) is not this one's.
      [`GET /providers/${done.provider.id}/reviews/my-review`]: () => json(200, review('old', { job_id: 'job-1', provider_id: done.provider.id })),
      'GET /jobs/job-9/review': () => (mine ? json(200, mine) : apiError(404, 'review_not_found')),
      [`POST /providers/${done.provider.id}/reviews`]: (call) => {
        mine = review('m', { ...(call.body as object), provider_id: done.provider.id, provider_name: done.provider.name });
        return json(201, mine);
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ClientJobPage />, '/client/jobs/job-9', { route: '/client/jobs/:id' });
    const section = await screen.findByRole('region', { name: 'Tu reseña' });
    await user.click(await within(section).findByRole('button', { name: 'Dejar reseña' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '3 de 5: Bueno' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reseña' }));
    expect(await within(section).findByRole('button', { name: 'Editar reseña' })).toBeTruthy();
    expect(within(section).getByText('3 de 5: Bueno')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/jobs/job-9/review-prompt-shown')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ rating: 3, comment: '', job_id: 'job-9' });
  });
});
