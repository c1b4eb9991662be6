import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, nextTabIndex } from './tabs.tsx';

const items = [
  { id: 'all', label: 'Todas' },
  { id: 'upcoming', label: 'Próximas' },
  { id: 'past', label: 'Pasadas', count: 2 },
] as const;

function Harness() {
  const [tab, setTab] = useState<(typeof items)[number]['id']>('all');
  return (
    <Tabs label="Citas" items={items} value={tab} onChange={setTab}>
      <p>Panel {tab}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('is a labelled tablist whose chosen tab alone is in the tab order, with its panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Citas' })).toBeTruthy();
    const all = screen.getByRole('tab', { name: 'Todas' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    expect(all.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Próximas' }).getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('tabpanel', { name: 'Todas' }).textContent).toContain('Panel all');
  });

  it('moves and chooses with the arrow keys, wrapping, and Home and End go to the ends', async () => {
    render(<Harness />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Todas' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Próximas' }));
    expect(screen.getByRole('tab', { name: 'Próximas' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Panel upcoming');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Pasadas/ }));
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Todas' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Pasadas/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Panel past');
  });

  it('chooses on a press and shows a count beside the label', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('tab', { name: /Pasadas/ }));
    expect(screen.getByRole('tab', { name: /^Pasadas\s?2$/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('ignores other keys', () => {
    expect(nextTabIndex('a', 1, 3)).toBeNull();
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
  });
});
