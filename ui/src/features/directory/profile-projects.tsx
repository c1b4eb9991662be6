import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LikeState, Project } from '@resuelve/contract';
import { problemText } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { openProject, projectKeys, projectQueries, toggleLike } from '../../entities/project/api.ts';
import { ProjectViewer } from '../../entities/project/project-viewer.tsx';

/** The photo a project is shown by: its cover, else its first. */
export function coverIndex(project: Project): number {
  return Math.max(0, project.images.findIndex((image) => image.is_cover));
}

/**
 * A profile's projects (one query, shared by the photo strip at the top and the gallery) and the
 * viewer they open: `show(id, photo)` opens the project on that photo, which counts as a view of
 * it. Signed-in clients like from the viewer (not the owner, not a provider).
 */
export function useProfileProjects(providerId: string) {
  const me = useSession((s) => s.user);
  const options = projectQueries.byProvider(providerId, 'newest', me?.id ?? null);
  const projects = useQuery({ ...options, meta: { silent: true } });
  const [open, setOpen] = useState<{ id: string; photo: number } | null>(null);
  const canLike = Boolean(me && !me.is_contractor && me.id !== providerId);
  const queryClient = useQueryClient();

  /** The answer of a like, into the list at once; every other project list refreshes after. */
  function liked(projectId: string, state: LikeState) {
    queryClient.setQueryData(options.queryKey, (items) => items?.map((item) => (item.id === projectId ? { ...item, ...state } : item)));
    void queryClient.invalidateQueries({ queryKey: projectKeys.all, refetchType: 'none' });
  }

  /** Opening a project is a view of it (the api counts it); the viewer does not wait for that. */
  function show(projectId: string, photo = 0) {
    setOpen({ id: projectId, photo });
    void openProject(projectId).catch(() => undefined);
  }

  const opened = projects.data?.find((project) => project.id === open?.id) ?? null;
  const viewer = opened && (
    <ProjectViewer
      key={`${opened.id}-${open?.photo ?? 0}`}
      project={opened}
      start={open?.photo ?? 0}
      onClose={() => setOpen(null)}
      actions={canLike ? <LikeButton project={opened} onLiked={liked} /> : <LikeCount likes={opened.likes} />}
    />
  );
  return { projects, canLike, liked, show, viewer };
}

export function LikeCount({ likes }: { likes: number }) {
  const { t } = useTranslation('portfolio');
  return (
    <span className="project-likes" aria-label={t('gallery.likes_label', { count: likes })}>
      <span aria-hidden="true">♥</span> {likes}
    </span>
  );
}

/** A toggle (aria-pressed): pressed again, the like is taken back. */
export function LikeButton({ project, onLiked }: { project: Project; onLiked: (id: string, state: LikeState) => void }) {
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
