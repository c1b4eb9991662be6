import '../../../test/screen-mocks.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyVerification } from '@resuelve/contract';
import { jsonResponse, mockFetch, profile, renderApp } from '../../../test/helpers.tsx';
import { verificationRequest } from '../../../test/verification-fixtures.ts';

const provider = profile({ id: 'p-7', is_contractor: true });
const pending = verificationRequest();
const none: MyVerification = { verified: false, insured: false, insurance_expires_on: null, request: null };

describe('the provider verification page', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form before sending, then sends the licence, board, certificate and expiry', async () => {
    let mine = none;
    let sent: FormData | null = null;
    mockFetch({
      'GET /profiles/me': () => jsonResponse(provider),
      'GET /providers/me/verification': () => jsonResponse(mine),
      'POST /providers/me/verification': (init) => {
        sent = init?.body as FormData;
        mine = { ...none, request: pending };
        return jsonResponse(pending, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/provider/verification', { user: provider });
    const send = await screen.findByRole('button', { name: 'Enviar solicitud' });
    await user.click(send);
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(4);

    await user.type(screen.getByLabelText('Número de licencia o registro'), '<b>');
    await user.click(send);
    expect(screen.getByText('Usa solo letras, números, espacios, guiones, puntos o barras.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Número de licencia o registro'));
    await user.type(screen.getByLabelText('Número de licencia o registro'), 'DACO-12345');
    await user.selectOptions(screen.getByLabelText('Entidad que la emitió'), 'daco');
    await user.upload(screen.getByLabelText('Certificado de seguro'), new File(['%PDF-1.4'], 'poliza.pdf', { type: 'application/pdf' }));
    await user.type(screen.getByLabelText('Vence el'), '2030-06-30');
    await user.click(send);

    expect(await screen.findByText(/está en revisión/)).toBeTruthy();
    expect(sent!.get('licence_number')).toBe('DACO-12345');
    expect(sent!.get('licence_board')).toBe('daco');
    expect(sent!.get('insurance_expires_on')).toBe('2030-06-30');
    expect((sent!.get('certificate') as File).name).toBe('poliza.pdf');
    expect(screen.queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();
  });

  it('refuses a certificate over 10 MB before sending it', async () => {
    mockFetch({ 'GET /profiles/me': () => jsonResponse(provider), 'GET /providers/me/verification': () => jsonResponse(none) });
    const user = userEvent.setup();
    renderApp('/provider/verification', { user: provider });
    const big = new File(['x'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText('Certificado de seguro'), big);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(screen.getByText('El certificado puede pesar hasta 10 MB.')).toBeTruthy();
  });

  it('shows the reason of a rejection and lets the provider ask again', async () => {
    const rejected = { ...pending, status: 'rejected' as const, reason: 'La póliza no muestra el nombre.' };
    mockFetch({ 'GET /profiles/me': () => jsonResponse(provider), 'GET /providers/me/verification': () => jsonResponse({ ...none, request: rejected }) });
    renderApp('/provider/verification', { user: provider });
    expect(await screen.findByText('La póliza no muestra el nombre.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar solicitud' })).toBeTruthy();
  });

  it('offers a retry when the page cannot load', async () => {
    mockFetch({
      'GET /profiles/me': () => jsonResponse(provider),
      'GET /providers/me/verification': () => jsonResponse({ error: 'x', status: 500, code: 'internal_error' }, 500),
    });
    renderApp('/provider/verification', { user: provider });
    expect(await screen.findByRole('button', { name: 'Reintentar' }, { timeout: 15_000 })).toBeTruthy();
  });
});
