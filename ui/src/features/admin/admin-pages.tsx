/** The admin console's screens, loaded together when /admin opens. */
export { AdminLayout } from './admin-layout.tsx';
export { OverviewSection } from './overview-section.tsx';
export { VerificationSection } from './verification-section.tsx';
export { WaitlistSection } from './waitlist-section.tsx';
export { LogsSection } from './logs-section.tsx';
export { AccountsSection } from './accounts-section.tsx';
export { NoShowsSection } from './no-shows-section.tsx';
export { PaymentsSection } from './payments-section.tsx';
