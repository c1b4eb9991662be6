import { useTranslation } from 'react-i18next';
import { AdminSectionFrame } from './section-frame.tsx';

/** /admin: overview. */
export function OverviewSection() {
  const { t } = useTranslation('admin');
  return (
    <AdminSectionFrame title={t('sections.overview')}>
      <p className="muted">{t('placeholder')}</p>
    </AdminSectionFrame>
  );
}
