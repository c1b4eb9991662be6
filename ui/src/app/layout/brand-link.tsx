import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/icons.tsx';
import { usePublicPath } from '../../lib/public-path.ts';

export function BrandLink({ to = '/' }: { to?: string }) {
  const { t } = useTranslation('nav');
  const publicPath = usePublicPath();
  return (
    <Link to={publicPath(to)} className="brand" aria-label={t('home_link')}>
      <BrandMark />
      <span className="brand__name">{t('brand')}</span>
    </Link>
  );
}
