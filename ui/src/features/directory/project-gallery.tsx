import { useTranslation } from 'react-i18next';
import type { LikeState, Project } from '@resuelve/contract';
import { Skeleton } from '../../components/skeleton.tsx';
import { ProjectPicture } from '../../entities/project/project-picture.tsx';
import { Button } from '../../components/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { coverIndex, LikeButton, LikeCount, useProfileProjects } from './profile-projects.tsx';
import './project-gallery.css';

/**
 * The profile's project gallery (SPEC.md §2, §6): public projects (all of them for the owner),
 * each opening the viewer on its cover. Signed-in clients get a like button on each (not the
 * owner, not a provider); everyone else sees the count alone.
 */
export function ProjectGallery({ providerId }: { providerId: string }) {
  const { t } = useTranslation('portfolio');
  const { projects, canLike, liked, show, viewer } = useProfileProjects(providerId);
  return (
    <section className="profile-section card" aria-labelledby="gallery-title">
      <h2 id="gallery-title">{t('gallery.title')}</h2>
      {projects.isPending ? (
        <div className="project-grid" aria-busy="true" aria-label={t('gallery.loading')}>
          <Skeleton shape="card" />
          <Skeleton shape="card" />
        </div>
      ) : projects.isError ? (
        <div role="alert">
          <p>{t('gallery.error')}</p>
          <Button variant="secondary" onClick={() => void projects.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : projects.data.length === 0 ? (
        <p className="muted">{t('gallery.empty')}</p>
      ) : (
        <ul className="bare-list project-grid">
          {projects.data.map((project) => (
            <GalleryItem key={project.id} project={project} canLike={canLike} onOpen={() => show(project.id, coverIndex(project))} onLiked={liked} />
          ))}
        </ul>
      )}
      {viewer}
    </section>
  );
}

function GalleryItem({ project, canLike, onOpen, onLiked }: { project: Project; canLike: boolean; onOpen: () => void; onLiked: (id: string, state: LikeState) => void }) {
  const { t } = useTranslation('portfolio');
  const cover = project.images[coverIndex(project)];
  const photos = project.images.length;
  // The viewer is the app's: the project opens once its code runs (decision 0040).
  const hydrated = useHydrated();
  return (
    <li className="project-gallery__item" data-testid="gallery-project">
      <button type="button" className="project-gallery__open" disabled={!hydrated} onClick={onOpen} aria-label={t('open', { title: project.title })}>
        {cover && <ProjectPicture image={cover} alt="" sizes="(max-width: 640px) 100vw, (max-width: 1100px) 50vw, 320px" />}
        {photos > 1 && (
          <span className="photo-badge project-gallery__count" aria-hidden="true">
            {t('photo_count', { count: photos })}
          </span>
        )}
      </button>
      <div className="project-gallery__caption row">
        <h3 className="project-gallery__title">
          {project.title}
          {/* Only the owner is answered private projects. */}
          {!project.is_public && <span className="project-gallery__private">{t('badge.private')}</span>}
        </h3>
        {canLike ? <LikeButton project={project} onLiked={onLiked} /> : <LikeCount likes={project.likes} />}
      </div>
    </li>
  );
}
