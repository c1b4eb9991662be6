import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testI18n } from '../../../test/setup.ts';
import { PhoneSection } from './phone-section.tsx';
import { json, mockApi, renderSection } from './test-helpers.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  // The screen is still mounted: it follows the language back inside act.
  await act(() => testI18n.changeLanguage('es'));
});

function noPhoneYet() {
  return mockApi({
    'GET /phone/verification-status': () => json(200, { phone_number: null, verified: false, pending: null }),
    'POST /phone/send-verification': () => json(202, { phone_number: '17875550123', expires_in: 600, resend_in: 60, attempts: 5 }),
  });
}

describe('phone settings', { timeout: 20_000 }, () => {
  it('says there is no verified number, then, once the code is sent, to enter it', async () => {
    noPhoneYet();
    const user = userEvent.setup({ delay: null });
    renderSection(<PhoneSection />);
    expect(await screen.findByText('Todavía no tienes un número de teléfono verificado.')).toBeTruthy();
    await user.type(screen.getByLabelText('Número de teléfono'), '787 555 0123');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByLabelText('Código de verificación');
    expect(screen.getByText('Escribe el código que te enviamos por SMS para verificar tu número.')).toBeTruthy();
    expect(screen.queryByText('Todavía no tienes un número de teléfono verificado.')).toBeNull();
  });

  it('says it in English too', async () => {
    await testI18n.changeLanguage('en');
    noPhoneYet();
    const user = userEvent.setup({ delay: null });
    renderSection(<PhoneSection />);
    await user.type(await screen.findByLabelText('Phone number'), '787 555 0123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter the code we texted you to verify your number.')).toBeTruthy();
    expect(screen.queryByText('You have no verified phone number yet.')).toBeNull();
  });
});
