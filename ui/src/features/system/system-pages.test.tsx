import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';
import { ServiceUnavailable } from './service-unavailable.tsx';

// Typing through user-event is slow on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 20_000 });

describe('system screens', () => {
  it('not-found says so and leads home', () => {
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'No encontramos esta página' })).toBeTruthy();
    expect(document.title).toBe('No encontramos esta página · Resuelve');
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/');
  });

  it('service-unavailable retries on Try Again and leads home', async () => {
    const user = userEvent.setup({ delay: null });
    const onRetry = vi.fn();
    render(
      <MemoryRouter>
        <ServiceUnavailable onRetry={onRetry} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'El servicio no está disponible' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Intentar otra vez' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/');
  });

  it('service-unavailable still works outside the router (start-up failure)', () => {
    render(<ServiceUnavailable onRetry={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/');
  });
});
