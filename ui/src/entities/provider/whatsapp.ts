/** The provider's own WhatsApp number (contract on-my-way.ts): only its owner reads it here; a job's client gets it on the job. */
import { queryOptions } from '@tanstack/react-query';
import type { WhatsappSetting } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { providerKeys } from './api.ts';

export const whatsappQuery = () =>
  queryOptions({
    queryKey: [...providerKeys.all, 'me', 'whatsapp'] as const,
    queryFn: ({ signal }) => apiFetch<WhatsappSetting>('/providers/me/whatsapp', { signal }),
  });

/** PUT /providers/me/whatsapp: a number as typed, or null to remove it. */
export function saveWhatsapp(setting: WhatsappSetting): Promise<WhatsappSetting> {
  return apiFetch<WhatsappSetting>('/providers/me/whatsapp', { method: 'PUT', body: setting });
}
