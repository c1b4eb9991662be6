import { useTranslation } from 'react-i18next';
import type { CoverPhoto as CoverPhotoData } from '@resuelve/contract';
import { ProjectPicture } from '../../entities/project/project-picture.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { CoverPhoto } from './cover-photo.tsx';
import { coverIndex, useProfileProjects } from './profile-projects.tsx';
import './profile-photo-strip.css';

/** The strip shows this many projects; the gallery below has them all. */
const stripMax = 5;

/**
 * The top of a profile leads with the work (issue 27): each public project's cover, one wide and
 * the others beside it on a wide screen, a row to swipe on a phone; each opens the project's
 * photos in the viewer. Until the projects arrive (or if they fail), the cover photo the profile
 * came with; no photo at all, no strip.
 */
export function ProfilePhotoStrip({ providerId, cover }: { providerId: string; cover: CoverPhotoData | null }) {
  const { t } = useTranslation('portfolio');
  const { projects, show, viewer } = useProfileProjects(providerId);
  // The viewer is the app's: a project opens once its code runs (decision 0040).
  const hydrated = useHydrated();
  const shown = (projects.data ?? []).filter((project) => project.is_public && project.images.length > 0).slice(0, stripMax);
  if (shown.length === 0) {
    return cover ? <CoverPhoto photo={cover} sizes="(max-width: 1180px) 100vw, 1180px" className="photo-strip__cover" priority /> : null;
  }
  return (
    <section className="photo-strip" aria-label={t('strip.label')}>
      <ul className="bare-list photo-strip__list" data-count={shown.length}>
        {shown.map((project, i) => {
          const photo = coverIndex(project);
          const photos = project.images.length;
          return (
            <li key={project.id} className="photo-strip__item">
              <button
                type="button"
                className="photo-strip__open"
                disabled={!hydrated}
                onClick={() => show(project.id, photo)}
                aria-label={t('strip.open', { title: project.title, count: photos })}
              >
                <ProjectPicture
                  image={project.images[photo]!}
                  alt=""
                  sizes={i === 0 ? '(max-width: 719px) 85vw, 640px' : '(max-width: 719px) 85vw, 320px'}
                  eager={i === 0}
                />
                <span className="photo-strip__caption" aria-hidden="true">
                  {project.title}
                </span>
                {photos > 1 && (
                  <span className="photo-badge photo-strip__count" aria-hidden="true">
                    {t('photo_count', { count: photos })}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {viewer}
    </section>
  );
}
