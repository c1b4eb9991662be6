import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { projectSorts } from '@resuelve/contract';
import type { Project, ProjectSort } from '@resuelve/contract';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { problemText } from '../../lib/api-error.ts';
import { deleteProject, projectKeys, projectQueries } from '../../entities/project/api.ts';
import { ProjectViewer } from '../../entities/project/project-viewer.tsx';
import { ProjectDialog } from './project-dialog.tsx';
import { PortfolioCard } from './portfolio-card.tsx';
import { Button } from '../../components/button.tsx';
import './portfolio.css';
import { EmptyState } from '../../components/empty-state.tsx';

/** /provider/portfolio (SPEC.md §2 Portfolio): figures, sort, the gallery, and the project dialog. */
export function PortfolioPage() {
  const { t } = useTranslation(['portfolio', 'nav']);
  const [sort, setSort] = useState<ProjectSort>('newest');
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const [viewing, setViewing] = useState<Project | null>(null);
  const [removing, setRemoving] = useState<Project | null>(null);
  const projects = useQuery({ ...projectQueries.mine(sort), meta: { silent: true } });
  const queryClient = useQueryClient();
  const remove = useMutation({ mutationFn: deleteProject, meta: { silent: true } });

  async function confirmRemove(project: Project) {
    setRemoving(null);
    try {
      await remove.mutateAsync(project.id);
      toast.success(t('delete.done'));
    } catch (error) {
      toast.error(problemText(t, error));
    } finally {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    }
  }

  const newButton = (
    <Button variant="primary" onClick={() => setEditing('new')}>
      {t('new_project')}
    </Button>
  );

  return (
    <PageFrame feature="portfolio" title={t('nav:titles.provider_portfolio')} actions={newButton}>
      <div className="portfolio">
        <PortfolioStats />
        <div className="portfolio__toolbar">
          <label className="portfolio__sort">
            <span>{t('sort.label')}</span>
            <select className="select" value={sort} onChange={(event) => setSort(event.target.value as ProjectSort)}>
              {projectSorts.map((option) => (
                <option key={option} value={option}>
                  {t(`sort.${option}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {projects.isPending ? (
          <div className="project-grid" aria-busy="true" aria-label={t('loading')}>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} shape="card" />
            ))}
          </div>
        ) : projects.isError ? (
          <div className="card portfolio__state" role="alert">
            <p>{problemText(t, projects.error)}</p>
            <Button variant="primary" onClick={() => void projects.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : projects.data.length === 0 ? (
          <EmptyState icon="portfolio" title={t('empty.title')} text={t('empty.text')} action={newButton} />
        ) : (
          <ul className="bare-list project-grid">
            {projects.data.map((project) => (
              <PortfolioCard key={project.id} project={project} onOpen={() => setViewing(project)} onEdit={() => setEditing(project)} onRemove={() => setRemoving(project)} />
            ))}
          </ul>
        )}
      </div>
      {editing && <ProjectDialog project={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {viewing && <ProjectViewer project={viewing} onClose={() => setViewing(null)} />}
      {removing && (
        <ConfirmDialog
          title={t('delete.title')}
          message={t('delete.message', { title: removing.title })}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('dialog.cancel')}
          destructive
          onConfirm={() => void confirmRemove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </PageFrame>
  );
}

function PortfolioStats() {
  const { t } = useTranslation('portfolio');
  const stats = useQuery({ ...projectQueries.stats(), meta: { silent: true } });
  const figures = [
    ['total', stats.data?.total],
    ['views', stats.data?.views],
    ['likes', stats.data?.likes],
    ['featured', stats.data?.featured],
  ] as const;
  return (
    <dl className="figures portfolio-stats" aria-busy={stats.isPending}>
      {figures.map(([name, value]) => (
        <div key={name} className="portfolio-stat card">
          <dt>{t(`stats.${name}`)}</dt>
          <dd>{stats.isError ? '–' : value === undefined ? <Skeleton short /> : value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}
