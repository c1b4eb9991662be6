import { useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { TFunction } from 'i18next';
import { jobStatuses } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import { Avatar } from '../../components/avatar/avatar.tsx';
import { Badge } from '../../components/badge.tsx';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { Price } from '../../components/price/price.tsx';
import type { BadgeTone } from '../../components/badge.tsx';
import { Button, ButtonAnchor, ButtonLink } from '../../components/button.tsx';
import type { ButtonVariant } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Icon } from '../../components/icons.tsx';
import { RatingStars } from '../../components/rating-stars.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { Tabs } from '../../components/tabs.tsx';

interface SampleProps {
  t: TFunction;
  jobsT: TFunction;
  lng: Locale;
}

export interface DesignSection {
  id: string;
  render: (props: SampleProps) => ReactNode;
}

const variants: ButtonVariant[] = ['primary', 'accent', 'secondary', 'quiet', 'danger'];
const tones: BadgeTone[] = ['neutral', 'info', 'success', 'warning', 'danger', 'brand'];
const swatches = ['primary', 'primary-strong', 'primary-soft', 'accent', 'accent-strong', 'accent-soft', 'bg', 'surface', 'surface-muted', 'border', 'text', 'text-muted', 'danger', 'success', 'warning', 'info'];

function Row({ children }: { children: ReactNode }) {
  return <div className="dev-design__row">{children}</div>;
}

function TabsSample({ t }: SampleProps) {
  const items = (['all', 'upcoming', 'today', 'past', 'requests'] as const).map((id) => ({ id, label: t(`tabs.${id}`), count: id === 'requests' ? 3 : undefined }));
  const [tab, setTab] = useState<(typeof items)[number]['id']>('upcoming');
  return (
    <Tabs label={t('tabs.label')} items={items} value={tab} onChange={setTab}>
      <p className="dev-design__note">{t('tabs.panel', { tab: t(`tabs.${tab}`) })}</p>
    </Tabs>
  );
}

function DialogSample({ t }: SampleProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('dialog.open')}
      </Button>
      {open ? (
        <ConfirmDialog
          title={t('dialog.title')}
          message={t('dialog.text')}
          confirmLabel={t('dialog.confirm')}
          cancelLabel={t('dialog.cancel')}
          destructive
          onConfirm={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

export const designSections: DesignSection[] = [
  {
    id: 'colours',
    render: () => (
      <ul className="dev-design__swatches">
        {swatches.map((name) => (
          <li key={name}>
            <span className="dev-design__swatch" style={{ background: `var(--color-${name})` }} />
            <code>--color-{name}</code>
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'status',
    render: ({ jobsT }) => (
      <Row>
        {jobStatuses.map((status) => (
          <Badge key={status} status={status} dot={status === 'in_progress'}>
            {jobsT(`status.${status}`)}
          </Badge>
        ))}
      </Row>
    ),
  },
  {
    id: 'type',
    render: ({ t }) => (
      <div className="dev-design__type">
        <p className="dev-design__type-display">{t('type.display')}</p>
        <p className="dev-design__type-title">{t('type.title')}</p>
        <p className="dev-design__type-heading">{t('type.heading')}</p>
        <p>{t('type.body')}</p>
        <p className="dev-design__note">{t('type.small')}</p>
      </div>
    ),
  },
  {
    id: 'buttons',
    render: ({ t }) => (
      <div className="dev-design__stack">
        <Row>
          {variants.map((variant) => (
            <Button key={variant} variant={variant}>
              {t(`button.${variant}`)}
            </Button>
          ))}
        </Row>
        <Row>
          <Button variant="primary" size="sm">
            {t('button.small')}
          </Button>
          <Button variant="primary" size="md">
            {t('button.medium')}
          </Button>
          <Button variant="primary" size="lg">
            {t('button.large')}
          </Button>
        </Row>
        <Row>
          <Button variant="primary" busy>
            {t('button.busy')}
          </Button>
          <Button variant="secondary" disabled>
            {t('button.disabled')}
          </Button>
          <Button variant="secondary" icon={<Icon name="calendar" size={18} />}>
            {t('tabs.today')}
          </Button>
        </Row>
        <Row>
          <ButtonLink variant="secondary" to="/providers">
            {t('button.link')}
          </ButtonLink>
          <ButtonAnchor variant="quiet" href="tel:+17875550123">
            {t('button.anchor')}
          </ButtonAnchor>
        </Row>
        <Button variant="accent" block size="lg">
          {t('button.block')}
        </Button>
      </div>
    ),
  },
  {
    id: 'cards',
    render: ({ t }) => (
      <div className="dev-design__stack">
        <Card>
          <h3>{t('card.title')}</h3>
          <p className="dev-design__note">{t('card.text')}</p>
        </Card>
        <Card interactive padding="sm">
          {t('card.interactive')}
        </Card>
      </div>
    ),
  },
  {
    id: 'badges',
    render: ({ t }) => (
      <Row>
        {tones.map((tone) => (
          <Badge key={tone} tone={tone}>
            {t(`badge.${tone}`)}
          </Badge>
        ))}
      </Row>
    ),
  },
  { id: 'tabs', render: (props) => <TabsSample {...props} /> },
  { id: 'dialog', render: (props) => <DialogSample {...props} /> },
  {
    id: 'toasts',
    render: ({ t }) => (
      <div className="dev-design__stack">
        <Row>
          <Button variant="secondary" onClick={() => toast.success(t('toast.successTitle'))}>
            {t('toast.success')}
          </Button>
          <Button variant="secondary" onClick={() => toast.error(t('toast.errorTitle'), { description: t('toast.errorText') })}>
            {t('toast.error')}
          </Button>
        </Row>
        <p className="dev-design__note">{t('toast.placement')}</p>
      </div>
    ),
  },
  {
    id: 'empty',
    render: ({ t }) => (
      <EmptyState
        icon="calendar"
        title={t('empty.title')}
        text={t('empty.text')}
        headingLevel={3}
        action={
          <ButtonLink variant="primary" to="/providers">
            {t('empty.action')}
          </ButtonLink>
        }
      />
    ),
  },
  {
    id: 'skeleton',
    render: ({ t }) => (
      <div className="dev-design__stack" role="status" aria-label={t('skeleton.label')}>
        <div className="dev-design__row">
          <Skeleton shape="avatar" />
          <div className="dev-design__stack dev-design__grow">
            <Skeleton />
            <Skeleton short />
          </div>
        </div>
        <Skeleton shape="field" />
        <Skeleton shape="card" />
      </div>
    ),
  },
  {
    id: 'rating',
    render: ({ t, lng }) => {
      const figure = (value: number) => new Intl.NumberFormat(lng === 'es' ? 'es-PR' : 'en-US', { maximumFractionDigits: 1 }).format(value);
      return (
        <div className="dev-design__stack">
          <RatingStars value={4.8} text={t('rating.text', { rating: figure(4.8), count: 127 })} />
          <RatingStars value={3.5} size="md" text={t('rating.text', { rating: figure(3.5), count: 1 })} />
          <RatingStars value={5} size="lg" text={t('rating.text', { rating: figure(5), count: 9 })} textVisible={false} />
          <RatingStars value={null} text={t('rating.none')} />
        </div>
      );
    },
  },
  {
    id: 'avatars',
    render: ({ t }) => (
      <div className="dev-design__stack">
        <Row>
          <Avatar url={null} name="Plomería y Electricidad Demo" size="sm" />
          <Avatar url={null} name="Fotos Caribe" size="md" />
          <Avatar url={null} name="Limpieza Brillo Total" size="lg" />
          <Avatar url={null} name="Ana Rivera" size="xl" label={t('avatar.label', { name: 'Ana Rivera' })} />
        </Row>
        <p className="dev-design__note">{t('avatar.note')}</p>
      </div>
    ),
  },
  {
    id: 'prices',
    render: ({ lng }) => (
      <div className="dev-design__stack">
        <Price cents={4500} unit="hour" from lng={lng} />
        <Price cents={8000} unit="visit" lng={lng} />
        <Price cents={11250} from size="lg" lng={lng} />
        <Price cents={120000} size="sm" lng={lng} />
      </div>
    ),
  },
  {
    id: 'categoryIcons',
    render: ({ t }) => (
      <Row>
        {(['plumbing', 'electrical', 'cleaning', 'photography', 'catering', 'pet-grooming', 'tutoring'] as const).map((slug) => (
          <span key={slug} className="dev-design__row">
            <CategoryIcon slug={slug} />
            {t(`categoryIcons.${slug}`)}
          </span>
        ))}
      </Row>
    ),
  },
];
