import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from '../lib/use-hydrated.ts';
import { Toaster as Sonner } from 'sonner';
import type { ToasterProps } from 'sonner';
// Its stylesheet loads with the app (styles/app.css): the class is used before this module is.

/** The width under which the bottom bar replaces the top bar's menu (styles/shell.css). */
export const phoneQuery = '(max-width: 767px)';

export interface ToastPlacement {
  position: NonNullable<ToasterProps['position']>;
  offset: NonNullable<ToasterProps['offset']>;
}

/**
 * Where toasts go so they never cover the navigation: on a phone at the bottom, above the bottom
 * bar (the shell sets `--toast-offset-bottom` to clear it when it is shown); on a wider screen at the
 * top right, below the top bar.
 */
export function toastPlacement(phone: boolean): ToastPlacement {
  return phone
    ? { position: 'bottom-center', offset: { bottom: 'var(--toast-offset-bottom)', left: 'var(--space-3)', right: 'var(--space-3)' } }
    : { position: 'top-right', offset: { top: 'calc(var(--topbar-height) + var(--space-3))', right: 'var(--space-4)' } };
}

const phoneNow = () => (typeof window !== 'undefined' && window.matchMedia?.(phoneQuery).matches) || false;

/**
 * Whether the screen is a phone's: as the server drew it (not a phone) while hydrating, then the
 * screen's own answer as a transition (decision 0044), never a synchronous re-render of the toaster
 * in the task that ends hydration.
 */
function usePhone(): boolean {
  const [phone, setPhone] = useState(() => !isHydrating() && phoneNow());
  useEffect(() => {
    const query = window.matchMedia?.(phoneQuery);
    const update = () => startTransition(() => setPhone(phoneNow()));
    update();
    query?.addEventListener('change', update);
    return () => query?.removeEventListener('change', update);
  }, []);
  return phone;
}

/** The one place toasts appear (sonner's `toast()` from anywhere), in the app's look. */
export function Toaster({ duration, closeLabel }: { duration: number; closeLabel: string }) {
  const placement = toastPlacement(usePhone());
  return (
    <Sonner
      theme="light"
      visibleToasts={1}
      duration={duration}
      closeButton
      position={placement.position}
      offset={placement.offset}
      mobileOffset={placement.offset}
      className="toaster"
      toastOptions={{ className: 'toaster__toast', closeButtonAriaLabel: closeLabel }}
    />
  );
}
