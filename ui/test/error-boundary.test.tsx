import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ErrorBoundary } from '../src/components/error-boundary.tsx';
import { registerNavigator } from '../src/lib/navigation.ts';
import { ProgressBar, nextProgress, progressCap } from '../src/components/progress-bar.tsx';
import { expectConsoleError } from './console-errors.ts';

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed');
  return <p>all good</p>;
}

describe('error boundaries', () => {
  beforeEach(() => {
    broken = true;
  });
  afterEach(() => vi.restoreAllMocks());

  // React reports each error a boundary catches on the console: the point of these tests.
  const reported = /The above error occurred in the <Fragile> component/;

  it('offers try again, reload and go home at page level, and try again recovers', async () => {
    expectConsoleError(reported);
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate, () => '/x');
    render(
      <ErrorBoundary level="page">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Esta página tuvo un problema' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ir al inicio' }));
    expect(navigate).toHaveBeenCalledWith('/', undefined);
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(screen.getByText('all good')).toBeTruthy();
    unregister();
  });

  it('keeps the rest of the page when a section or a component fails', () => {
    expectConsoleError(reported);
    render(
      <main>
        <h1>Panel</h1>
        <ErrorBoundary level="section">
          <Fragile />
        </ErrorBoundary>
        <ErrorBoundary level="component">
          <Fragile />
        </ErrorBoundary>
      </main>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Panel' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Esta sección no se pudo mostrar' })).toBeTruthy();
    expect(screen.getByText('No se pudo mostrar')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('clears the error when its reset keys change (a new page)', async () => {
    expectConsoleError(reported);
    function Host() {
      const [path, setPath] = useState('/a');
      return (
        <>
          <button type="button" onClick={() => setPath('/b')}>
            go
          </button>
          <ErrorBoundary level="page" resetKeys={[path]}>
            <Fragile />
          </ErrorBoundary>
        </>
      );
    }
    render(<Host />);
    expect(screen.getByRole('alert')).toBeTruthy();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByText('all good')).toBeTruthy();
  });
});

describe('progress bar', () => {
  it('moves forward but never passes 95% while work is pending', () => {
    let value = 10;
    const seen: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      const next = nextProgress(value);
      expect(next).toBeGreaterThanOrEqual(value);
      value = next;
      seen.push(value);
    }
    expect(Math.max(...seen)).toBe(progressCap);
    expect(progressCap).toBe(95);
  });

  it('is named while it runs, so a screen reader says what it is (axe: aria-progressbar-name)', () => {
    render(<ProgressBar active />);
    const bar = screen.getByRole('progressbar', { name: 'Cargando…' });
    expect(bar.getAttribute('aria-hidden')).toBe('false');
  });
});
