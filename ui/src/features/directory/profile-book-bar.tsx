import { useTranslation } from 'react-i18next';
import { Price, rateProps } from '../../components/price/price.tsx';
import type { ProviderDetail } from '../../entities/provider/api.ts';
import { SignedInLink } from './signed-in-link.tsx';
import './profile-book-bar.css';

/**
 * The way to book, kept at the bottom of a phone's screen (issue 27, point 6): on a phone the
 * booking card comes after the reviews and the projects. The one public rate and Book; a visitor
 * signs in first and comes back to the booking form, as from a search card. From 900 px the side
 * column shows the booking card beside the page, and the bar is not drawn (profile-book-bar.css).
 */
export function ProfileBookBar({ provider }: { provider: ProviderDetail }) {
  const { t } = useTranslation('providers');
  const bookPath = `/providers/${encodeURIComponent(provider.id)}/book`;
  return (
    <div className="profile-book-bar" data-testid="profile-book-bar">
      <div className="profile-book-bar__price">
        {provider.rate ? <Price {...rateProps(provider.rate)} /> : <span className="muted">{t('card.no_rate')}</span>}
      </div>
      <SignedInLink
        variant="accent"
        className="profile-book-bar__book"
        to={bookPath}
        aria-label={t('card.book_named', { name: provider.company_name })}
        visitorLabel={t('card.sign_in_to', { action: t('card.book'), name: provider.company_name })}
      >
        {t('card.book')}
      </SignedInLink>
    </div>
  );
}
