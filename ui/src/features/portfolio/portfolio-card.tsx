import { useTranslation } from 'react-i18next';
import type { Project } from '@resuelve/contract';
import { ProjectPicture } from '../../entities/project/project-picture.tsx';
import { Button } from '../../components/button.tsx';
import { Badge } from '../../components/badge.tsx';

/** One of the provider's projects: its cover, whether it shows, its figures, edit and delete. */
export function PortfolioCard({ project, onOpen, onEdit, onRemove }: { project: Project; onOpen: () => void; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation('portfolio');
  const cover = project.images.find((image) => image.is_cover) ?? project.images[0];
  return (
    <li className="portfolio-card card">
      <button type="button" className="portfolio-card__open" onClick={onOpen} aria-label={t('open', { title: project.title })}>
        {cover && <ProjectPicture image={cover} alt="" sizes="(max-width: 640px) 100vw, (max-width: 1100px) 50vw, 360px" />}
        <span className="portfolio-card__count">{t('photo_count', { count: project.images.length })}</span>
      </button>
      <div className="portfolio-card__body">
        <h2 className="portfolio-card__title">{project.title}</h2>
        <p className="portfolio-card__badges">
          <Badge tone={project.is_public ? 'success' : 'neutral'}>{t(project.is_public ? 'badge.public' : 'badge.private')}</Badge>
          {project.featured && <Badge tone="brand">{t('badge.featured')}</Badge>}
        </p>
        <p className="portfolio-card__figures muted">
          {t('likes', { count: project.likes })} · {t('views', { count: project.views })}
        </p>
        <div className="portfolio-card__actions">
          <Button variant="secondary" onClick={onEdit}>
            {t('edit')}
          </Button>
          <Button variant="quiet" onClick={onRemove}>
            {t('delete.button')}
          </Button>
        </div>
      </div>
    </li>
  );
}
