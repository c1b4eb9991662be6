import { Suspense, useEffect, useRef, useState } from 'react';
import { QueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { LoyaltyCard } from './loyalty-card.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { useCategories } from '../../entities/category/api.ts';
import { clientQueries } from '../../entities/client/api.ts';
import { useMe } from '../../entities/profile/use-profile.ts';
import { ClientProfileForm } from './client-profile-form.tsx';
import { ClientProfileView } from './client-profile-view.tsx';
import './client-profile.css';

/** /client/profile (SPEC.md §2): the client's own profile, read and edited in place. */
export function ClientProfilePage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['client-profile', 'nav', 'loyalty']);
  return (
    <PageFrame feature="client" title={t('nav:titles.client_profile')}>
      <UnsavedChangesGuard
        texts={{ title: t('unsaved.title'), message: t('unsaved.message'), leave: t('unsaved.leave'), stay: t('unsaved.stay') }}
      >
        <QueryErrorResetBoundary>
          {({ reset }) => (
            <ErrorBoundary level="section" onReset={reset}>
              <Suspense fallback={<ProfileSkeleton />}>
                <ClientProfileContent />
              </Suspense>
            </ErrorBoundary>
          )}
        </QueryErrorResetBoundary>
        <div id="loyalty" className="client-profile__loyalty">
          <LoyaltyCard full />
        </div>
      </UnsavedChangesGuard>
    </PageFrame>
  );
}

function ProfileSkeleton() {
  return (
    <div className="cprofile-skeleton">
      <LoadingScreen />
      <Skeleton shape="card" />
      <Skeleton shape="card" />
    </div>
  );
}

function ClientProfileContent() {
  const me = useMe();
  const { data: client } = useSuspenseQuery({ ...clientQueries.own(), meta: { silent: true } });
  const categories = useCategories();
  const interests = (categories.data ?? []).filter((category) => category.is_interest);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from editing, the keyboard continues from the button that started it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (!me) return null;
  return editing ? (
    <ClientProfileForm
      me={me}
      client={client}
      interests={interests}
      interestsFailed={categories.isError}
      onRetryInterests={() => void categories.refetch()}
      onDone={() => setEditing(false)}
    />
  ) : (
    <ClientProfileView me={me} client={client} interests={interests} onEdit={() => setEditing(true)} editRef={editButton} />
  );
}
