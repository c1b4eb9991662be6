import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultBusinessHours, defaultCancellationPolicy } from '@resuelve/contract';
import { BasicInfoForm } from './owner-forms.tsx';
import { json, mockApi, renderAt } from './test-helpers.tsx';

const own = {
  id: 'prov-1', company_name: 'Empresa prov-1', ein: null, phone_number: null, business_address: null, city: null, state: null,
  zip_code: null, website_url: null, years_experience: 8, company_description: null, insured: false, insurance_details: null,
  social_media: {}, profile_picture_url: null, business_hours: defaultBusinessHours, timezone: 'America/Puerto_Rico', categories: [],
  rate: null,
  cancellation_policy: defaultCancellationPolicy,
  default_tax_rate: 'standard' as const,
};

describe("the owner's basic info", () => {
  it('has no insured tick: the badge comes from an approved certificate, sent from Verification, and no save sends insured', async () => {
    const calls = mockApi({ 'PATCH /providers/me': () => json(200, own) });
    const user = userEvent.setup({ delay: null });
    renderAt(<BasicInfoForm provider={own} />, '/providers/prov-1');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(/El distintivo «Asegurado» aparece cuando aprobamos tu certificado de seguro vigente/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enviar o ver tu certificado' }).getAttribute('href')).toBe('/provider/verification');

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ company_name: 'Empresa prov-1', years_experience: 8 });
    expect(Object.keys(sent)).not.toContain('insured');
  });
});
