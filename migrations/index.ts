/**
 * Every migration, in order. Listed here (not discovered on disk) so that the same list runs
 * under tsx, vitest and a bundled build without a TypeScript loader for knex.
 */
import type { Knex } from 'knex';
import * as platform from './src/20261121_0001_platform.ts';
import * as accounts from './src/20261121_0002_accounts.ts';
import * as categories from './src/20261121_0003_categories.ts';
import * as phoneNumbers from './src/20261121_0004_phone_numbers.ts';
import * as phoneVerifications from './src/20261121_0006_phone_verifications.ts';
import * as providersClients from './src/20261121_0005_providers_clients.ts';
import * as search from './src/20261121_0007_search.ts';
import * as searchCategories from './src/20261121_0009_search_categories.ts';
import * as freeSlotsSpeed from './src/20261121_0010_free_slots_speed.ts';
import * as providerListed from './src/20261121_0011_provider_listed.ts';
import * as geography from './src/20261121_0008_geography.ts';
import * as jobLifecycle from './src/20261121_0012_job_lifecycle.ts';
import * as liveCalendar from './src/20261121_0013_live_calendar.ts';
import * as rateLimitsUnlogged from './src/20261121_0014_rate_limits_unlogged.ts';
import * as providerPlaces from './src/20261121_0015_provider_places.ts';
import * as nextAvailableSpeed from './src/20261121_0016_next_available_speed.ts';
import * as messaging from './src/20261125_0017_messaging.ts';
import * as reviews from './src/20261125_0018_reviews.ts';
import * as portfolio from './src/20261125_0019_portfolio.ts';
import * as clientLinks from './src/20261125_0020_client_links.ts';
import * as verificationAdmin from './src/20261125_0021_verification_admin.ts';
import * as loyaltyWaitlist from './src/20261125_0022_loyalty_waitlist.ts';
import * as conversationStarter from './src/20261125_0023_conversation_starter.ts';
import * as providerRates from './src/20261125_0024_provider_rates.ts';
import * as contactAfterAcceptance from './src/20261125_0025_contact_after_acceptance.ts';
import * as sitemapIndex from './src/20261126_0030_sitemap_index.ts';
import * as searchPlaceNotices from './src/20261126_0026_search_place_notices.ts';
import * as searchCardNotices from './src/20261126_0031_search_card_notices.ts';
import * as siteFeaturing from './src/20261128_0032_site_featuring.ts';
import * as freeSlotsFile from './src/20261128_0033_free_slots_file.ts';
import * as reviewsPerJob from './src/20261128_0034_reviews_per_job.ts';
import * as oneRate from './src/20261128_0035_one_rate.ts';
import * as insuredFromCertificates from './src/20261128_0036_insured_from_certificates.ts';
import * as quotes from './src/20261128_0037_quotes.ts';
import * as cancellationPolicy from './src/20261128_0038_cancellation_policy.ts';
import * as bills from './src/20261128_0039_bills.ts';
import * as noShows from './src/20261128_0040_no_shows.ts';
import * as responseTimes from './src/20261128_0041_response_times.ts';
import * as jobSeries from './src/20261128_0045_job_series.ts';
import * as onMyWay from './src/20261128_0043_on_my_way.ts';
import * as smsConsent from './src/20261128_0044_sms_consent.ts';
import * as slotAlerts from './src/20261128_0046_slot_alerts.ts';
import * as payments from './src/20261128_0047_payments.ts';

interface Migration {
  up: (knex: Knex) => Promise<void>;
  down: (knex: Knex) => Promise<void>;
}

const migrations: Record<string, Migration> = {
  '20261121_0001_platform': platform,
  '20261121_0002_accounts': accounts,
  '20261121_0003_categories': categories,
  '20261121_0004_phone_numbers': phoneNumbers,
  '20261121_0006_phone_verifications': phoneVerifications,
  '20261121_0005_providers_clients': providersClients,
  '20261121_0007_search': search,
  '20261121_0009_search_categories': searchCategories,
  '20261121_0010_free_slots_speed': freeSlotsSpeed,
  '20261121_0011_provider_listed': providerListed,
  '20261121_0008_geography': geography,
  '20261121_0012_job_lifecycle': jobLifecycle,
  '20261121_0013_live_calendar': liveCalendar,
  '20261121_0014_rate_limits_unlogged': rateLimitsUnlogged,
  '20261121_0015_provider_places': providerPlaces,
  '20261121_0016_next_available_speed': nextAvailableSpeed,
  '20261125_0017_messaging': messaging,
  '20261125_0018_reviews': reviews,
  '20261125_0019_portfolio': portfolio,
  '20261125_0020_client_links': clientLinks,
  '20261125_0021_verification_admin': verificationAdmin,
  '20261125_0022_loyalty_waitlist': loyaltyWaitlist,
  '20261125_0023_conversation_starter': conversationStarter,
  '20261125_0024_provider_rates': providerRates,
  '20261125_0025_contact_after_acceptance': contactAfterAcceptance,
  '20261126_0030_sitemap_index': sitemapIndex,
  '20261126_0026_search_place_notices': searchPlaceNotices,
  '20261126_0031_search_card_notices': searchCardNotices,
  '20261128_0032_site_featuring': siteFeaturing,
  '20261128_0033_free_slots_file': freeSlotsFile,
  '20261128_0034_reviews_per_job': reviewsPerJob,
  '20261128_0035_one_rate': oneRate,
  '20261128_0036_insured_from_certificates': insuredFromCertificates,
  '20261128_0037_quotes': quotes,
  '20261128_0038_cancellation_policy': cancellationPolicy,
  '20261128_0039_bills': bills,
  '20261128_0040_no_shows': noShows,
  '20261128_0041_response_times': responseTimes,
  '20261128_0045_job_series': jobSeries,
  '20261128_0043_on_my_way': onMyWay,
  '20261128_0044_sms_consent': smsConsent,
  '20261128_0046_slot_alerts': slotAlerts,
  '20261128_0047_payments': payments,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}
