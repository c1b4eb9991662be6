import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar, avatarTones, initialsOf, toneOf } from './avatar.tsx';

describe('Avatar', () => {
  it('takes two initials from the meaningful words of a name', () => {
    expect(initialsOf('Plomería y Electricidad Demo')).toBe('PE');
    expect(initialsOf('  ana  ')).toBe('A');
    expect(initialsOf('Servicios de la Isla')).toBe('SI');
    expect(initialsOf('123 Movers')).toBe('M');
  });

  it('gives one name always the same tone of the palette', () => {
    expect(toneOf('Limpieza Brillo')).toBe(toneOf(' limpieza brillo'));
    expect(avatarTones).toContain(toneOf('Fotos Caribe'));
    const tones = new Set(['Ana', 'Luis', 'Pedro', 'Marta', 'Fotos Caribe', 'Plomería Luis', 'DJ Boricua'].map(toneOf));
    expect(tones.size).toBeGreaterThan(2);
  });

  it('shows the picture, and the initials when it fails to load', () => {
    const { container } = render(<Avatar url="/files/a.webp" name="Ana Rivera" size="lg" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/files/a.webp');
    expect(container.querySelector('.avatar--lg')).not.toBeNull();
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('AR');
  });

  it('is hidden from screen readers unless given a label', () => {
    const { container } = render(<Avatar url={null} name="Ana Rivera" />);
    expect(container.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    render(<Avatar url={null} name="Luis" label="Foto de Luis" />);
    expect(screen.getByRole('img', { name: 'Foto de Luis' }).textContent).toBe('L');
  });
});
