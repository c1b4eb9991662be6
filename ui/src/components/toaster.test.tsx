import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { Toaster, phoneQuery, toastPlacement } from './toaster.tsx';

function fakeScreen(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === phoneQuery ? phone : false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

describe('toast placement: never over the navigation', () => {
  it('on a phone sits at the bottom, lifted by the offset the shell sets above the bottom bar', () => {
    const placement = toastPlacement(true);
    expect(placement.position).toBe('bottom-center');
    expect(placement.offset).toMatchObject({ bottom: 'var(--toast-offset-bottom)' });
  });

  it('on a wide screen sits at the top right, below the top bar', () => {
    const placement = toastPlacement(false);
    expect(placement.position).toBe('top-right');
    expect(placement.offset).toMatchObject({ top: 'calc(var(--topbar-height) + var(--space-3))' });
  });

  it.each([
    [true, 'bottom'],
    [false, 'top'],
  ])('the toaster follows the screen (phone: %s → %s) and words its close button', async (phone, y) => {
    fakeScreen(phone);
    render(<Toaster duration={5000} closeLabel="Cerrar" />);
    act(() => {
      toast.error('Sin conexión');
    });
    expect(await screen.findByText('Sin conexión')).toBeTruthy();
    expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position')).toBe(y);
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });
});
