import { useTranslation } from 'react-i18next';
import { AdminSectionFrame } from './section-frame.tsx';

/**
 * /admin/waitlist: the waitlist signups (list, filter, search, export, update, delete) and their
 * figures. Filled by the waitlist work; until then the section says it is coming.
 */
export function WaitlistSection() {
  const { t } = useTranslation('admin');
  return (
    <AdminSectionFrame title={t('sections.waitlist')}>
      <p className="muted">{t('placeholder')}</p>
    </AdminSectionFrame>
  );
}
