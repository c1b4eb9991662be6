import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LikeState, Project } from '@resuelve/contract';
import { Skeleton } from '../../components/skeleton.tsx';
import { problemText } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { openProject, projectKeys, projectQueries, toggleLike } from '../../entities/project/api.ts';
import { ProjectPicture } from '../../entities/project/project-picture.tsx';
import { ProjectViewer } from '../../entities/project/project-viewer.tsx';
import { Button } from '../../components/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './project-gallery.css';

/**
 * The profile's project gallery (SPEC.md §2, §6): public projects (all of them for the owner),
 * each opening the viewer. Signed-in clients get a like button on each (not the owner, not a
 * provider); everyone else sees the count alone.
 */
export function ProjectGallery({ providerId }: { providerId: string }) {
  const { t } = useTranslation('portfolio');
  const me = useSession((s) => s.user);
  const viewer = me?.id ?? null;
  const options = projectQueries.byProvider(providerId, 'newest', viewer);
  const projects = useQuery({ ...options, meta: { silent: true } });
  const [open, setOpen] = useState<string | null>(null);
  const canLike = Boolean(me && !me.is_contractor && me.id !== providerId);
  const queryClient = useQueryClient();

  /** The answer of a like, into the gallery at once; every other project list refreshes after. */
  function liked(projectId: string, state: LikeState) {
    queryClient.setQueryData(options.queryKey, (items) => items?.map((item) => (item.id === projectId ? { ...item, ...state } : item)));
    void queryClient.invalidateQueries({ queryKey: projectKeys.all, refetchType: 'none' });
  }

  /** Opening a project is a view of it (the api counts it); the viewer does not wait for that. */
  function show(projectId: string) {
    setOpen(projectId);
    void openProject(projectId).catch(() => undefined);
  }

  const opened = projects.data?.find((project) => project.id === open) ?? null;
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
            <GalleryItem key={project.id} project={project} canLike={canLike} onOpen={() => show(project.id)} onLiked={liked} />
          ))}
        </ul>
      )}
      {opened && (
        <ProjectViewer project={opened} onClose={() => setOpen(null)} actions={canLike ? <LikeButton project={opened} onLiked={liked} /> : <LikeCount likes={opened.likes} />} />
      )}
    </section>
  );
}

function GalleryItem({ project, canLike, onOpen, onLiked }: { project: Project; canLike: boolean; onOpen: () => void; onLiked: (id: string, state: LikeState) => void }) {
  const { t } = useTranslation('portfolio');
  const cover = project.images.find((image) => image.is_cover) ?? project.images[0];
  // The viewer is the app's: the project opens once its code runs (decision 0040).
  const hydrated = useHydrated();
  return (
    <li className="project-gallery__item" data-testid="gallery-project">
      <button type="button" className="project-gallery__open" disabled={!hydrated} onClick={onOpen} aria-label={t('open', { title: project.title })}>
        {cover && <ProjectPicture image={cover} alt="" sizes="(max-width: 640px) 100vw, (max-width: 1100px) 50vw, 320px" />}
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

function LikeCount({ likes }: { likes: number }) {
  const { t } = useTranslation('portfolio');
  return (
    <span className="project-likes" aria-label={t('gallery.likes_label', { count: likes })}>
      <span aria-hidden="true">♥</span> {likes}
    </span>
  );
}

/** A toggle (aria-pressed): pressed again, the like is taken back. */
function LikeButton({ project, onLiked }: { project: Project; onLiked: (id: string, state: LikeState) => void }) {
  const { t } = useTranslation('portfolio');
  const like = useMutation({
    mutationFn: () => toggleLike(project.id),
    meta: { silent: true },
    onSuccess: (state) => onLiked(project.id, state),
    onError: (error) => toast.error(problemText(t, error)),
  });
  return (
    <button
      type="button"
      className={`pill project-like${project.liked ? ' project-like--on' : ''}`}
      aria-pressed={project.liked}
      aria-label={t('gallery.like_label', { title: project.title })}
      disabled={like.isPending}
      onClick={() => like.mutate()}
    >
      <span aria-hidden="true">{project.liked ? '♥' : '♡'}</span> <span className="project-like__count">{project.likes}</span>
    </button>
  );
}
