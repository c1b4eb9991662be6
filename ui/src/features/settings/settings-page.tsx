import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { useMe } from '../../entities/profile/use-profile.ts';
import { AddressContactSection } from './address-contact-section.tsx';
import { AutoReplySection } from './auto-reply-section.tsx';
import { BlockedDatesSection } from './blocked-dates-section.tsx';
import { BusinessHoursSection } from './business-hours-section.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { EmailChangeSection } from './email-change-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { PaymentsAccountSection } from './payments-account-section.tsx';
import { PaymentsDepositsSection } from './payments-deposits-section.tsx';
import { PhoneSection } from './phone-section.tsx';
import { RewardSection } from './reward-section.tsx';
import { ServicesSection } from './services-section.tsx';
import { SettingsSection } from './settings-section.tsx';
import { WhatsappSection } from './whatsapp-section.tsx';
import './settings.css';

interface Section {
  id: string;
  title: string;
  description?: string;
  content: ReactNode;
}

/**
 * Jump to a section without touching the address: the desktop routes in the hash, so a real
 * fragment would be read as a route. Focus follows, for keyboard and screen reader users.
 */
function goToSection(event: MouseEvent, id: string): void {
  event.preventDefault();
  const heading = document.getElementById(`${id}-title`);
  heading?.scrollIntoView?.({ block: 'start' });
  heading?.focus({ preventScroll: true });
}

/** The sections as cards, with a list of links to each for long pages, and the unsaved-changes question. */
function SettingsLayout({ title, sections }: { title: string; sections: Section[] }) {
  const { t } = useTranslation('settings');
  return (
    <PageFrame feature="settings" title={title}>
      <UnsavedChangesGuard
        texts={{ title: t('unsaved.title'), message: t('unsaved.message'), leave: t('unsaved.leave'), stay: t('unsaved.stay') }}
      >
        <div className="settings">
          <nav className="settings__nav" aria-label={t('sections')}>
            <ul>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} onClick={(event) => goToSection(event, section.id)}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="settings__sections">
            {sections.map((section) => (
              <SettingsSection key={section.id} id={section.id} title={section.title} description={section.description}>
                {section.content}
              </SettingsSection>
            ))}
          </div>
        </div>
      </UnsavedChangesGuard>
    </PageFrame>
  );
}

function useSharedSections(): Section[] {
  const { t } = useTranslation(['settings', 'calendar']);
  return [
    { id: 'email', title: t('email.title'), description: t('email.description'), content: <EmailChangeSection /> },
    { id: 'language', title: t('language.title'), description: t('language.description'), content: <LanguageSection /> },
    { id: 'calendar', title: t('calendar:section.title'), content: <CalendarFeedSection /> },
  ];
}

/** Client settings (SPEC.md §2): address and contact, phone, email change, language. */
export function ClientSettingsPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['settings', 'nav', 'phone']);
  const shared = useSharedSections();
  const sections: Section[] = [
    { id: 'address', title: t('address.title'), description: t('address.description'), content: <AddressContactSection /> },
    { id: 'phone', title: t('phone.title'), description: t('phone.description'), content: <PhoneSection /> },
    ...shared,
  ];
  return <SettingsLayout title={t('nav:titles.client_settings')} sections={sections} />;
}

/** Provider settings (SPEC.md §2): services, weekly hours, blocked days, the automatic reply, email change, language. */
export function ProviderSettingsPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['settings', 'nav', 'messages', 'loyalty', 'on-my-way', 'payments', 'categories', 'phone']);
  const shared = useSharedSections();
  const sections: Section[] = [
    { id: 'services', title: t('services.title'), description: t('services.description'), content: <ServicesSection /> },
    { id: 'hours', title: t('hours.title'), description: t('hours.description'), content: <BusinessHoursSection /> },
    { id: 'blocked', title: t('blocked.title'), description: t('blocked.description'), content: <BlockedDatesSection /> },
    { id: 'auto-reply', title: t('messages:auto_reply.title'), description: t('messages:auto_reply.description'), content: <AutoReplySection /> },
    { id: 'whatsapp', title: t('on-my-way:settings.title'), description: t('on-my-way:settings.description'), content: <WhatsappSection /> },
    { id: 'reward', title: t('loyalty:settings.title'), description: t('loyalty:settings.description'), content: <RewardSection /> },
    { id: 'payments', title: t('payments:settings.account_title'), description: t('payments:settings.account_description'), content: <PaymentsAccountSection /> },
    { id: 'deposits', title: t('payments:settings.deposits_title'), description: t('payments:settings.deposits_description'), content: <PaymentsDepositsSection /> },
    ...shared,
  ];
  return <SettingsLayout title={t('nav:titles.provider_settings')} sections={sections} />;
}

/** /settings: the settings of the signed-in account's type (the guard made sure it is onboarded). */
export function SettingsPage() {
  const me = useMe();
  return me?.is_contractor ? <ProviderSettingsPage /> : <ClientSettingsPage />;
}
