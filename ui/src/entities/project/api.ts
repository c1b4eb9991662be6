/**
 * Portfolio projects as the ui reads and changes them (SPEC.md §7 "Projects", "Uploads"): a
 * provider's gallery, the owner's own list and figures, the featured ones of the landing page, and
 * likes. Every key starts with `projectKeys.all`, so one invalidation after a change refreshes them.
 */
import { queryOptions } from '@tanstack/react-query';
import { projectLimits } from '@resuelve/contract';
import type { LikeState, NewProject, PortfolioStats, Project, ProjectChanges, ProjectImage, ProjectSort, UploadedProjectImage } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { uploadWithProgress } from '../../lib/upload-progress.ts';

export type { LikeState, NewProject, PortfolioStats, Project, ProjectChanges, ProjectImage, ProjectSort, UploadedProjectImage };

/** Invalidate `projectKeys.all` after any change to a project or a like. */
export const projectKeys = {
  all: ['projects'] as const,
};

const byId = (id: string) => encodeURIComponent(id);

export const projectQueries = {
  /** A provider's gallery: public projects (all of them when the provider asks); `viewer` keeps answers apart. */
  byProvider: (providerId: string, sort: ProjectSort, viewer: string | null) =>
    queryOptions({
      queryKey: [...projectKeys.all, 'provider', providerId, sort, viewer] as const,
      queryFn: ({ signal }) => apiFetch<{ items: Project[] }>(`/providers/${byId(providerId)}/projects?sort=${sort}`, { signal }).then((res) => res.items),
    }),
  /** The signed-in provider's projects, public and private. */
  mine: (sort: ProjectSort) =>
    queryOptions({
      queryKey: [...projectKeys.all, 'mine', sort] as const,
      queryFn: ({ signal }) => apiFetch<{ items: Project[] }>(`/projects/my-projects?sort=${sort}`, { signal }).then((res) => res.items),
    }),
  stats: () =>
    queryOptions({
      queryKey: [...projectKeys.all, 'mine', 'stats'] as const,
      queryFn: ({ signal }) => apiFetch<PortfolioStats>('/projects/my-stats', { signal }),
    }),
  /** Featured public projects for the landing page. */
  featured: (limit = 6) =>
    queryOptions({
      queryKey: [...projectKeys.all, 'featured', limit] as const,
      queryFn: ({ signal }) => apiFetch<{ items: Project[] }>(`/projects/featured?limit=${limit}`, { signal, auth: false }).then((res) => res.items),
    }),
};

/** GET /projects/{id}: the project as it is now; opening it counts a view (once a day per viewer, never the owner's). */
export function openProject(id: string): Promise<Project> {
  return apiFetch<Project>(`/projects/${byId(id)}`);
}

export function createProject(body: NewProject): Promise<Project> {
  return apiFetch<Project>('/projects', { method: 'POST', body });
}

export function updateProject(id: string, changes: ProjectChanges): Promise<Project> {
  return apiFetch<Project>(`/projects/${byId(id)}`, { method: 'PATCH', body: changes });
}

export function deleteProject(id: string): Promise<void> {
  return apiFetch<void>(`/projects/${byId(id)}`, { method: 'DELETE' });
}

export function toggleLike(id: string): Promise<LikeState> {
  return apiFetch<LikeState>(`/projects/${byId(id)}/like`, { method: 'POST' });
}

/** POST /uploads/project-image with progress (0 to 1); `signal` cancels it. */
export function uploadProjectImage(file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<UploadedProjectImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  return uploadWithProgress<UploadedProjectImage>('/uploads/project-image', body, onProgress, signal);
}

/** Removes an upload no project took (a photo picked, then removed, in the dialog). */
export function deleteUploadedImage(path: string): Promise<void> {
  return apiFetch<void>('/uploads/project-image', { method: 'DELETE', body: { path } });
}

/**
 * Refuse what the server would refuse before sending it (SPEC.md §5, §9: PNG or JPG, at most
 * 10 MB). The server still judges the content; this only saves a slow upload.
 */
export function projectImageProblem(file: File): 'file_too_large' | 'file_type_not_supported' | null {
  if (file.type && !['image/png', 'image/jpeg'].includes(file.type)) return 'file_type_not_supported';
  if (file.size > projectLimits.imageMaxBytes) return 'file_too_large';
  return null;
}
