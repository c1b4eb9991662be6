import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, providerUser, renderSignedIn } from './test-helpers.tsx';
import { RewardSection } from './reward-section.tsx';
import { SettingsSection } from './settings-section.tsx';

describe('reward section', () => {
  it('sets a percent off from a tier, refuses one out of bounds before sending, and removes it', async () => {
    let reward: { percent_off: number; min_tier: string } | null = null;
    const calls = mockApi({
      'GET /providers/me/reward': () => json(200, { reward }),
      'PUT /providers/me/reward': (call) => {
        reward = call.body as typeof reward;
        return json(200, { reward });
      },
      'DELETE /providers/me/reward': () => {
        reward = null;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderSignedIn(
      <SettingsSection id="reward" title="Recompensa">
        <RewardSection />
      </SettingsSection>,
      { user: providerUser },
    );
    expect(await screen.findByText('Ahora no ofreces recompensa.')).toBeTruthy();
    const percent = screen.getByLabelText('Descuento (%)');
    await user.clear(percent);
    await user.type(percent, '80');
    expect((screen.getByRole('button', { name: 'Guardar recompensa' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(percent);
    await user.type(percent, '15');
    await user.selectOptions(screen.getByLabelText('Desde el nivel'), 'gold');
    await user.click(screen.getByRole('button', { name: 'Guardar recompensa' }));
    expect(await screen.findByText('Ahora ofreces 15 % a clientes Oro o más.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ percent_off: 15, min_tier: 'gold' });
    await user.click(screen.getByRole('button', { name: 'Quitar recompensa' }));
    expect(await screen.findByText('Ahora no ofreces recompensa.')).toBeTruthy();
  });
});
