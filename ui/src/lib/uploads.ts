/** File uploads (SPEC.md §7 Uploads): multipart, answered with where the stored file is served. */
import { limits } from '@resuelve/contract';
import { apiFetch } from './api-client.ts';

export interface StoredImage {
  url: string;
  path: string;
  thumbnail_url?: string;
}

/**
 * Refuse what the server would refuse before sending it, by the same limit (SPEC.md §9: image,
 * under 5 MB). The server still judges the content; this only saves a slow upload.
 */
export function profileImageProblem(file: File): 'file_too_large' | 'file_type_not_supported' | null {
  if (file.type && !file.type.startsWith('image/')) return 'file_type_not_supported';
  if (file.size > limits.profileImageMaxBytes) return 'file_too_large';
  return null;
}

/** POST /uploads/profile-image: becomes the account's picture (and the provider's). */
export function uploadProfileImage(file: File): Promise<StoredImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch<StoredImage>('/uploads/profile-image', { method: 'POST', body });
}
