import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/skeleton.tsx';
import { projectQueries } from '../../entities/project/api.ts';
import { ProjectPicture } from '../../entities/project/project-picture.tsx';
import './featured-projects.css';
import { usePublicPath } from '../../lib/public-path.ts';
import { LandingSection } from './landing-section.tsx';

/**
 * Featured projects (GET /projects/featured): real work on the landing page, each leading to its
 * provider's profile. Nothing featured yet, or the list failing, leaves the section out: the
 * landing page keeps its other ways in.
 */
export function FeaturedProjects() {
  const { t } = useTranslation('portfolio');
  const publicPath = usePublicPath();
  const featured = useQuery({ ...projectQueries.featured(6), meta: { silent: true } });
  if (featured.isError || (featured.isSuccess && featured.data.length === 0)) return null;
  return (
    <LandingSection titleId="landing-featured-title" title={t('featured.title')} subtitle={t('featured.subtitle')}>
      {featured.isPending ? (
        <div className="project-grid" aria-busy="true" aria-label={t('loading')}>
          <Skeleton shape="card" />
          <Skeleton shape="card" />
          <Skeleton shape="card" />
        </div>
      ) : (
        <ul className="bare-list project-grid featured-projects__row">
          {featured.data.map((project) => {
            const cover = project.images.find((image) => image.is_cover) ?? project.images[0];
            return (
              <li key={project.id} className="featured-project">
                <Link to={publicPath(`/providers/${project.provider_id}`)} className="featured-project__link" aria-label={`${project.title} · ${t('featured.see_provider', { name: project.provider_name })}`}>
                  {cover && <ProjectPicture image={cover} alt="" sizes="(max-width: 640px) 80vw, (max-width: 1100px) 50vw, 360px" />}
                  <span className="featured-project__title">{project.title}</span>
                  <span className="featured-project__by">
                    {[t('featured.by', { name: project.provider_name }), project.location_name].filter(Boolean).join(' · ')}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </LandingSection>
  );
}
