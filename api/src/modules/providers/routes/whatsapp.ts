/** The provider's WhatsApp number, read and set by its owner (service/whatsapp.ts). */
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { whatsappSettingBody, whatsappSettingSchema } from '../schemas.ts';
import { ownWhatsapp, setOwnWhatsapp } from '../service/whatsapp.ts';

export const getWhatsappRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/whatsapp',
    options: {
      description: "The signed-in provider's WhatsApp number (digits with the country code), or null",
      notes: '403 forbidden for an account that is not a provider.',
      response: { status: { 200: whatsappSettingSchema } },
    },
    handler: (_input, request) => ownWhatsapp(context.knex, callerOf(request).userId),
  });

export const putWhatsappRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/providers/me/whatsapp',
    options: {
      description: "Sets the provider's WhatsApp number, shown only to the client of an accepted job as a click-to-chat link; null or '' removes it",
      notes: '400 validation_failed (details.number: invalid_phone) for what is not a phone number; 400 whatsapp_not_mobile for a toll-free, premium or service number; 403 for an account that is not a provider.',
      validate: { payload: whatsappSettingBody },
      response: { status: { 200: whatsappSettingSchema } },
    },
    handler: ({ payload }, request) => setOwnWhatsapp(context.knex, callerOf(request).userId, payload),
  });
