/** Providers as a hapi plugin: the business profile, offered services, hours and blocked days. */
// First, before the routes: search and availability read these schemas while this module is still
// loading (search -> providers -> categories -> search), so they must not wait on the routes' imports.
export { businessHoursSchema, calendarDate, cancellationPolicySchema, providerIdParams, rateAnswer } from './schemas.ts';
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { addBlockedDateRoute } from './routes/add-blocked-date.ts';
import { addServiceRoute } from './routes/add-service.ts';
import { addServicesBatchRoute } from './routes/add-services-batch.ts';
import { completeOnboardingRoute } from './routes/complete-onboarding.ts';
import { createProviderRoute } from './routes/create.ts';
import { getBusinessHoursRoute } from './routes/get-business-hours.ts';
import { getMyProviderRoute } from './routes/get-me.ts';
import { listBlockedDatesRoute } from './routes/list-blocked-dates.ts';
import { listServicesRoute } from './routes/list-services.ts';
import { putBusinessHoursRoute } from './routes/put-business-hours.ts';
import { removeBlockedDateRoute } from './routes/remove-blocked-date.ts';
import { removeServiceRoute } from './routes/remove-service.ts';
import { updateMyProviderRoute } from './routes/update-me.ts';
import { getWhatsappRoute, putWhatsappRoute } from './routes/whatsapp.ts';
import { registerRoutes } from '../../lib/route.ts';

export const providersModule: Plugin<AppContext> = {
  name: 'providers',
  register(server, context) {
    registerRoutes(server, context, ['api', 'providers'], [
        createProviderRoute,
        getMyProviderRoute,
        updateMyProviderRoute,
        completeOnboardingRoute,
        listServicesRoute,
        addServiceRoute,
        addServicesBatchRoute,
        removeServiceRoute,
        getBusinessHoursRoute,
        putBusinessHoursRoute,
        listBlockedDatesRoute,
        addBlockedDateRoute,
        removeBlockedDateRoute,
        getWhatsappRoute,
        putWhatsappRoute,
      ]);
  },
};

export { offeredCategories, policyOf, rateOf, type PolicyColumns, type RateColumns } from './repository.ts';
export { finishProviderOnboarding, requireProvider } from './service/providers.ts';
