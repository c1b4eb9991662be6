import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Button, ButtonAnchor, ButtonLink } from './button.tsx';

describe('Button', () => {
  it('is a plain button of the secondary look unless told, so it never submits a form by accident', () => {
    render(<Button>Guardar</Button>);
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(button.getAttribute('type')).toBe('button');
    expect([...button.classList]).toEqual(expect.arrayContaining(['button', 'button--secondary', 'button--md']));
  });

  it('draws each variant, size and the full width by class', () => {
    render(
      <Button variant="danger" size="lg" block>
        Eliminar
      </Button>,
    );
    expect([...screen.getByRole('button', { name: 'Eliminar' }).classList]).toEqual(expect.arrayContaining(['button--danger', 'button--lg', 'button--block']));
  });

  it('while busy shows a spinner, says aria-busy and ignores presses, keeping its name', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button variant="primary" busy onClick={onClick}>
        Enviar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Enviar' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(container.querySelector('.button__spinner')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not busy by default and acts on a press', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Ver</Button>);
    const button = screen.getByRole('button', { name: 'Ver' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('submits its form when its type is submit', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" variant="primary">
          Reservar
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reservar' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('has link forms with the same look: a router link and a plain anchor', () => {
    render(
      <MemoryRouter>
        <ButtonLink variant="primary" to="/providers">
          Buscar
        </ButtonLink>
        <ButtonAnchor variant="quiet" href="tel:+17875550123">
          Llamar
        </ButtonAnchor>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Buscar' }).getAttribute('href')).toBe('/providers');
    expect([...screen.getByRole('link', { name: 'Buscar' }).classList]).toEqual(expect.arrayContaining(['button', 'button--primary']));
    expect([...screen.getByRole('link', { name: 'Llamar' }).classList]).toEqual(expect.arrayContaining(['button', 'button--quiet']));
  });
});
