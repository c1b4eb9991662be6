import { useTranslation } from 'react-i18next';
import { AdminSectionFrame } from './section-frame.tsx';

/** /adminverification: verification. */
export function VerificationSection() {
  const { t } = useTranslation('admin');
  return (
    <AdminSectionFrame title={t('sections.verification')}>
      <p className="muted">{t('placeholder')}</p>
    </AdminSectionFrame>
  );
}
