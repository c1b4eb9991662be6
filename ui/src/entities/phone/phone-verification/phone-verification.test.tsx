import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setPlatform } from '../../../platform/index.ts';
import { createWebPlatform } from '../../../platform/web.ts';
import { sendVerificationCode, verifyPhoneCode } from '../api.ts';
import type { PhoneStatus, PhoneVerified } from '../api.ts';
import { PhoneVerification } from './phone-verification.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** The network: each call to a path takes the next answer queued for it. */
function network(answers: Record<string, Answer[]>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[path]?.shift() ?? { status: 404, body: { error: 'x', status: 404, code: 'route_not_found' } };
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

const sent: Answer = { status: 202, body: { phone_number: '17875550123', expires_in: 600, resend_in: 60, attempts: 5 } };
const failure = (status: number, code: string, details?: Record<string, string>, headers?: Record<string, string>): Answer => ({
  status,
  body: { error: code, status, code, details },
  headers,
});

function renderPhone(initialStatus?: PhoneStatus) {
  setPlatform(createWebPlatform());
  const onVerified = vi.fn<(result: PhoneVerified) => void>();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PhoneVerification send={sendVerificationCode} verify={verifyPhoneCode} onVerified={onVerified} initialStatus={initialStatus} />
    </QueryClientProvider>,
  );
  return onVerified;
}

async function sendCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Número de teléfono'), '(787) 555-0123');
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  return screen.findByLabelText('Código de verificación');
}

describe('phone verification', () => {
  it('checks the number before sending, then sends and asks for the 6-digit code', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = network({ '/phone/send-verification': [sent] });
    renderPhone();
    await user.type(screen.getByLabelText('Número de teléfono'), '787 555');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByRole('alert').textContent).toBe('Es demasiado corto.');
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('Número de teléfono'));

    const code = await sendCode(user);
    expect(calls).toEqual([{ path: '/phone/send-verification', body: { phoneNumber: '(787) 555-0123' } }]);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(document.activeElement).toBe(code);
    expect(screen.getByRole('status').textContent).toBe('Enviamos un código al +1 (787) 555-0123.');
  });

  it('states the consent to texts beside the code (recorded when the number is verified), with how to stop them', async () => {
    const user = userEvent.setup({ delay: null });
    network({ '/phone/send-verification': [sent] });
    renderPhone();
    expect(screen.queryByText(/aceptas recibir mensajes de texto/)).toBeNull();
    await sendCode(user);
    expect(screen.getByText(/^Al verificar tu número aceptas recibir mensajes de texto de Resuelve.*Responde PARAR o BAJA para dejar de recibirlos y ALTA/)).toBeTruthy();
  });

  it('counts down 60 seconds before a new code may be asked for', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup({ delay: null });
    const calls = network({ '/phone/send-verification': [sent, sent] });
    renderPhone();
    await sendCode(user);
    expect(screen.getByText('Podrás pedir un código nuevo en 1:00.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar un código nuevo' })).toBeNull();
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByText('Podrás pedir un código nuevo en 0:45.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(45_000));
    expect(screen.queryByText(/Podrás pedir un código nuevo/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar un código nuevo' }));
    expect(calls.filter((c) => c.path === '/phone/send-verification')).toHaveLength(2);
    expect(await screen.findByText('Podrás pedir un código nuevo en 1:00.')).toBeTruthy();
  });

  it('says how many attempts are left after a wrong code, then verifies the right one', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = network({
      '/phone/send-verification': [sent],
      '/phone/verify': [
        failure(400, 'invalid_code', { attempts_remaining: '4' }),
        failure(400, 'invalid_code', { attempts_remaining: '1' }),
        { status: 200, body: { verified: true, phone_number: '17875550123' } },
      ],
    });
    const onVerified = renderPhone();
    const code = await sendCode(user);
    await user.type(code, '12a3');
    expect((code as HTMLInputElement).value).toBe('123'); // digits only
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByRole('alert').textContent).toBe('El código debe tener 6 dígitos.');
    await user.type(code, '000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El código no es correcto. Te quedan 4 intentos.');
    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El código no es correcto. Te queda 1 intento.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Tu número +1 (787) 555-0123 está verificado.', { selector: 'p.alert' })).toBeTruthy();
    expect(onVerified).toHaveBeenCalledWith({ verified: true, phone_number: '17875550123' });
    expect(calls.at(-1)).toEqual({ path: '/phone/verify', body: { phoneNumber: '17875550123', code: '123456' } });
  });

  it('offers a new code when the code expired or ran out of attempts', async () => {
    const user = userEvent.setup({ delay: null });
    network({
      '/phone/send-verification': [sent, sent],
      '/phone/verify': [failure(400, 'code_expired'), failure(429, 'no_attempts_left', undefined, { 'Retry-After': '20' })],
    });
    // A code was already waiting (a reload), and its resend wait is over.
    renderPhone({
      phone_number: null,
      verified: false,
      pending: { phone_number: '17875550123', expires_at: new Date(Date.now() + 60_000).toISOString(), resend_at: new Date(Date.now() - 1000).toISOString(), attempts_remaining: 5 },
    });
    const code = screen.getByLabelText('Código de verificación');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El código expiró. Pide uno nuevo.');
    expect((code as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Enviar un código nuevo' }));
    expect(await screen.findByText('Podrás pedir un código nuevo en 1:00.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('Código de verificación'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Se acabaron los intentos para este código. Pide uno nuevo.');
  });

  it('offers a new code at once when the code expired, even while the resend countdown runs', async () => {
    const user = userEvent.setup({ delay: null });
    network({ '/phone/send-verification': [sent, sent], '/phone/verify': [failure(400, 'code_expired')] });
    renderPhone();
    const code = await sendCode(user);
    expect(screen.getByText('Podrás pedir un código nuevo en 1:00.')).toBeTruthy();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El código expiró. Pide uno nuevo.');
    expect(screen.getByRole('button', { name: 'Enviar un código nuevo' })).toBeTruthy();
  });

  it('names a number another account owns and a send that failed', async () => {
    const user = userEvent.setup({ delay: null });
    network({
      '/phone/send-verification': [
        failure(409, 'phone_already_registered'),
        failure(502, 'phone_send_failed'),
        failure(429, 'too_many_attempts', undefined, { 'Retry-After': '1800' }),
      ],
    });
    renderPhone();
    await user.type(screen.getByLabelText('Número de teléfono'), '787 555 0123');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ese número de teléfono ya está registrado en otra cuenta.');
    expect(screen.getByLabelText('Número de teléfono').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Número de teléfono'), '4');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos enviar el código. Inténtalo de nuevo en un momento.');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pediste demasiados códigos. Inténtalo de nuevo en 30 minutos.');
    expect((screen.getByRole('button', { name: 'Enviar código' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts verified when the account already has a number', () => {
    network({});
    renderPhone({ phone_number: '17875550123', verified: true, pending: null });
    expect(screen.getByText('Tu número +1 (787) 555-0123 está verificado.', { selector: 'p.alert' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Usar otro número' })).toBeTruthy();
  });
});
