import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthPage } from './auth-page.tsx';
import { json, mockApi, renderRoute } from './test-helpers.tsx';

// Typing through user-event is slow on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

function openSignUp() {
  renderRoute('/auth', <AuthPage />, '/auth?mode=signup');
  return {
    email: screen.getByLabelText('Correo electrónico'),
    password: screen.getByLabelText('Contraseña'),
    confirm: screen.getByLabelText('Confirma la contraseña'),
  };
}

function rule(code: string): HTMLElement {
  const item = document.querySelector<HTMLElement>(`[data-rule="${code}"]`);
  if (!item) throw new Error(`no rule ${code}`);
  return item;
}

function errorOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error'));
  return error?.textContent ?? null;
}

describe('sign-up form validation as the person types', () => {
  it('says that signing up accepts the terms and the privacy notice, each opened in a new tab', () => {
    openSignUp();
    for (const [name, path] of [['Términos de servicio', '/terms'], ['Aviso de privacidad', '/privacy']] as const) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(path);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByText(/Al crear tu cuenta aceptas los/)).toBeTruthy();
  });


  it('opens on sign-up with ?mode=signup and lists every password rule', () => {
    openSignUp();
    expect(screen.getByRole('tab', { name: 'Crear cuenta' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Crea tu cuenta');
    for (const text of ['Al menos 8 caracteres', 'Una letra minúscula', 'Una letra mayúscula', 'Un número']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it('ticks each password rule live as it is met', async () => {
    const user = userEvent.setup({ delay: null });
    const { password } = openSignUp();
    const codes = ['too_short', 'password_lowercase', 'password_uppercase', 'password_digit', 'password_special'];
    const met = () => codes.filter((code) => rule(code).dataset.met === 'true');

    expect(met()).toEqual([]);
    await user.type(password, 'a');
    expect(met()).toEqual(['password_lowercase']);
    await user.type(password, 'B');
    expect(met()).toEqual(['password_lowercase', 'password_uppercase']);
    await user.type(password, '3');
    expect(met()).toEqual(['password_lowercase', 'password_uppercase', 'password_digit']);
    await user.type(password, '#');
    expect(met()).toEqual(['password_lowercase', 'password_uppercase', 'password_digit', 'password_special']);
    await user.type(password, 'cdef');
    expect(met()).toEqual(codes);
    expect(within(rule('too_short')).getByText('cumplido')).toBeTruthy();
  });

  it('names the first unmet password rule once the field was left, and follows each keystroke', async () => {
    const user = userEvent.setup({ delay: null });
    const { password } = openSignUp();
    await user.type(password, 'abc');
    expect(errorOf(password)).toBeNull(); // not touched yet
    await user.tab();
    expect(errorOf(password)).toBe('La contraseña necesita al menos 8 caracteres.');

    await user.type(password, 'defgh');
    expect(errorOf(password)).toBe('La contraseña necesita una letra mayúscula.');
    await user.clear(password);
    await user.type(password, 'ABCDEFGH');
    expect(errorOf(password)).toBe('La contraseña necesita una letra minúscula.');
    await user.type(password, 'i');
    expect(errorOf(password)).toBe('La contraseña necesita un número.');
    await user.type(password, '7');
    expect(errorOf(password)).toBe('La contraseña necesita un carácter especial.');
    await user.type(password, '!');
    expect(errorOf(password)).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });

  it('says the passwords do not match as soon as the confirmation differs', async () => {
    const user = userEvent.setup({ delay: null });
    const { password, confirm } = openSignUp();
    await user.type(password, 'Secreto#2026');
    await user.type(confirm, 'Secreto#');
    expect(errorOf(confirm)).toBeNull(); // still on its way to matching
    await user.type(confirm, '2025');
    expect(errorOf(confirm)).toBe('Las contraseñas no coinciden.');
    await user.clear(confirm);
    await user.type(confirm, 'Secreto#2026');
    expect(errorOf(confirm)).toBeNull();
  });

  it('checks the email after the field is touched', async () => {
    const user = userEvent.setup({ delay: null });
    const { email } = openSignUp();
    await user.type(email, 'ana@');
    expect(errorOf(email)).toBeNull();
    await user.tab();
    expect(errorOf(email)).toBe('Escribe un correo válido, por ejemplo nombre@correo.com.');
    await user.type(email, 'example.pr');
    expect(errorOf(email)).toBeNull();
    await user.clear(email);
    expect(errorOf(email)).toBe('Este campo es obligatorio.');
  });

  it('on submit shows every problem, focuses the first and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockApi(() => json(201, {}));
    const { email, password, confirm } = openSignUp();
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(errorOf(email)).toBe('Este campo es obligatorio.');
    expect(errorOf(password)).toBe('Este campo es obligatorio.');
    expect(errorOf(confirm)).toBe('Este campo es obligatorio.');
    expect(document.activeElement).toBe(email);
    expect(calls).toEqual([]);
  });

  it('signs up with the current language and asks to check the email, with a resend', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockApi(({ path }) => (path === '/auth/signup' ? json(201, { id: 'u1', email: 'ana@example.pr' }) : json(202, {})));
    const { email, password, confirm } = openSignUp();
    await user.type(email, 'ana@example.pr');
    await user.type(password, 'Secreto#2026');
    await user.type(confirm, 'Secreto#2026{Enter}');

    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
    expect(screen.getByText(/Enviamos un enlace de verificación a ana@example.pr/)).toBeTruthy();
    expect(calls[0]).toEqual({
      path: '/auth/signup',
      method: 'POST',
      body: { email: 'ana@example.pr', password: 'Secreto#2026', locale: 'es' },
    });

    await user.click(screen.getByRole('button', { name: 'Reenviar correo de verificación' }));
    expect(await screen.findByText(/te enviamos un enlace nuevo/)).toBeTruthy();
    expect(calls[1]).toEqual({ path: '/auth/resend-verification', method: 'POST', body: { email: 'ana@example.pr' } });
  });

  it('shows field errors the server reports on their fields', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi(() => json(400, { error: 'bad', status: 400, code: 'validation_failed', details: { email: 'invalid_email' } }));
    const { email, password, confirm } = openSignUp();
    await user.type(email, 'ana@example.pr');
    await user.type(password, 'Secreto#2026');
    await user.type(confirm, 'Secreto#2026{Enter}');
    expect(await screen.findByText('Escribe un correo válido, por ejemplo nombre@correo.com.')).toBeTruthy();
    expect(document.activeElement).toBe(email);
  });
});

describe('sign-in and sign-up tabs', () => {
  it('switch with the arrow keys and keep the remembered origin', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoute('/auth', <AuthPage />, { pathname: '/auth', state: { from: '/messages' } });
    const signIn = screen.getByRole('tab', { name: 'Iniciar sesión' });
    signIn.focus();
    await user.keyboard('{ArrowRight}');
    const signUp = screen.getByRole('tab', { name: 'Crear cuenta' });
    expect(signUp.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(signUp);
    expect(router.state.location.search).toBe('?mode=signup');
    expect(router.state.location.state).toEqual({ from: '/messages' });
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(signUp.id);
    expect(document.title).toBe('Crear cuenta · Resuelve');
  });

  it('speaks to providers when they come to register a business', () => {
    renderRoute('/auth', <AuthPage />, '/auth?mode=signup&type=provider');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Registra tu negocio');
  });
});
