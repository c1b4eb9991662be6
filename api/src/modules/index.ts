/** The product's domain modules, each a hapi plugin taking the app context. One per line. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../context.ts';
import { authModule } from './auth/index.ts';
import { availabilityModule } from './availability/index.ts';
import { categoriesModule } from './categories/index.ts';
import { clientsModule } from './clients/index.ts';
import { geoModule } from './geo/index.ts';
import { jobsModule } from './jobs/index.ts';
import { messagesModule } from './messages/index.ts';
import { onboardingModule } from './onboarding/index.ts';
import { phoneModule } from './phone/index.ts';
import { profilesModule } from './profiles/index.ts';
import { searchModule } from './search/index.ts';
import { providersModule } from './providers/index.ts';
import { uploadsModule } from './uploads/index.ts';
import { calendarModule } from './calendar/index.ts';
import { reviewsModule } from './reviews/index.ts';
import { projectsModule } from './projects/index.ts';
import { loyaltyModule } from './loyalty/index.ts';
import { waitlistModule } from './waitlist/index.ts';
import { analyticsModule } from './analytics/index.ts';
import { adminModule } from './admin/index.ts';
import { verificationModule } from './verification/index.ts';
import { seoModule } from './seo/index.ts';
import { slotAlertsModule } from './slot-alerts/index.ts';
import { smsModule } from './sms/index.ts';
import { responsesModule } from './responses/index.ts';
import { paymentsModule } from './payments/index.ts';

export const domainModules: Plugin<AppContext>[] = [
  authModule,
  profilesModule,
  categoriesModule,
  providersModule,
  availabilityModule,
  searchModule,
  clientsModule,
  onboardingModule,
  phoneModule,
  uploadsModule,
  calendarModule,
  geoModule,
  jobsModule,
  messagesModule,
  reviewsModule,
  projectsModule,
  loyaltyModule,
  waitlistModule,
  analyticsModule,
  adminModule,
  verificationModule,
  seoModule,
  slotAlertsModule,
  smsModule,
  responsesModule,
  paymentsModule,
];
