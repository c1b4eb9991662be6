import type { Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { intlLocale, toLocale } from '@resuelve/contract';
import type { ClientProfile, Profile } from '@resuelve/contract';
import { formatPhone } from '../../entities/phone/api.ts';
import type { Category } from '../../entities/category/api.ts';
import { ProfilePicture } from './profile-picture.tsx';
import { Button } from '../../components/button.tsx';

interface ClientProfileViewProps {
  me: Profile;
  client: ClientProfile;
  interests: readonly Category[];
  onEdit: () => void;
  editRef: Ref<HTMLButtonElement>;
}

/** The client's profile as others would read it: picture, name, contact, address, interests. */
export function ClientProfileView({ me, client, interests, onEdit, editRef }: ClientProfileViewProps) {
  const { t, i18n } = useTranslation('client-profile');
  // Names live on the account (the session's profile is the freshest copy).
  const name = [me.first_name ?? client.first_name, me.last_name ?? client.last_name].filter(Boolean).join(' ') || me.email;
  const since = new Intl.DateTimeFormat(intlLocale[toLocale(i18n.language)], { month: 'long', year: 'numeric' }).format(new Date(me.created_at));
  const interestName = (slug: string) => interests.find((c) => c.slug === slug)?.name ?? slug;
  const hasAddress = Boolean(client.address || client.city || client.zip_code);

  return (
    <div className="cprofile">
      <section className="card cprofile__identity" aria-labelledby="cprofile-name">
        <ProfilePicture profile={me} />
        <div className="cprofile__who stack-start">
          <h2 id="cprofile-name" className="cprofile__name">
            {name}
          </h2>
          <p className="muted">{t('member_since', { date: since })}</p>
          <Button ref={editRef} variant="primary" onClick={onEdit}>
            {t('edit')}
          </Button>
        </div>
      </section>

      <section className="card" aria-labelledby="cprofile-contact">
        <h2 id="cprofile-contact" className="cprofile__heading">
          {t('contact.title')}
        </h2>
        <dl className="cprofile__facts">
          <dt>{t('contact.email')}</dt>
          <dd>{me.email}</dd>
          <dt>{t('contact.phone')}</dt>
          <dd>{client.phone ? formatPhone(client.phone) : <span className="muted">{t('contact.no_phone')}</span>}</dd>
          <dt>{t('contact.preferred')}</dt>
          <dd>{t(`contact.methods.${client.preferred_contact}`)}</dd>
        </dl>
        <p className="field-hint">
          {t('contact.change_hint')} <Link to="/client/settings">{t('contact.settings_link')}</Link>
        </p>
      </section>

      <section className="card" aria-labelledby="cprofile-address">
        <h2 id="cprofile-address" className="cprofile__heading">
          {t('address.title')}
        </h2>
        {hasAddress ? (
          <address className="cprofile__address">
            {client.address}
            <br />
            {[client.city, [client.state, client.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
          </address>
        ) : (
          <p className="muted">{t('address.none')}</p>
        )}
      </section>

      <section className="card" aria-labelledby="cprofile-interests">
        <h2 id="cprofile-interests" className="cprofile__heading">
          {t('interests.title')}
        </h2>
        {client.interested_services.length ? (
          <ul className="chip-list">
            {client.interested_services.map((slug) => (
              <li key={slug} className="cprofile__chip">
                {interestName(slug)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('interests.none')}</p>
        )}
      </section>
    </div>
  );
}
