import { useCallback, useEffect, useRef, useState } from 'react';
import { projectLimits } from '@resuelve/contract';
import type { ProjectImage, ProjectImageInput, UploadedProjectImage } from '@resuelve/contract';
import { isApiError } from '../../lib/api-client.ts';
import { deleteUploadedImage, projectImageProblem, uploadProjectImage } from '../../entities/project/api.ts';

/** One photo of the dialog: already the project's, uploading, stored, or refused. */
export interface PhotoItem {
  key: string;
  name: string;
  status: 'uploading' | 'ready' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  image: UploadedProjectImage | null;
  /** The picked file, shown while it uploads (an object URL). */
  preview: string | null;
  /** An error code (errors namespace) when it failed. */
  problem: string | null;
  /** Uploaded in this dialog: removing it (or leaving without saving) removes the upload too. */
  uploadedHere: boolean;
  file: File | null;
}

let lastKey = 0;
const nextKey = () => `photo-${(lastKey += 1)}`;

function fromProject(image: ProjectImage): PhotoItem {
  return { key: image.path, name: '', status: 'ready', progress: 1, image, preview: null, problem: null, uploadedHere: false, file: null };
}

/**
 * The photos of the project dialog: picked files upload at once with their progress, and can be
 * reordered, made the cover or removed. The cover is the one chosen, or the first photo.
 */
export function usePhotoList(initial: ProjectImage[]) {
  const [items, setItems] = useState<PhotoItem[]>(() => initial.map(fromProject));
  const [chosenCover, setChosenCover] = useState<string | null>(() => initial.find((image) => image.is_cover)?.path ?? null);
  const [refused, setRefused] = useState<string | null>(null);
  const aborts = useRef(new Map<string, AbortController>());
  const latest = useRef(items);
  latest.current = items;

  const patch = useCallback((key: string, change: Partial<PhotoItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      aborts.current.set(key, controller);
      patch(key, { status: 'uploading', progress: 0, problem: null });
      uploadProjectImage(file, (progress) => patch(key, { progress }), controller.signal)
        .then((image) => {
          // Removed while it uploaded: the upload is not wanted.
          if (!latest.current.some((item) => item.key === key)) void deleteUploadedImage(image.path).catch(() => undefined);
          else patch(key, { status: 'ready', progress: 1, image });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          patch(key, { status: 'failed', problem: isApiError(error) ? error.code : 'network_error' });
        })
        .finally(() => aborts.current.delete(key));
    },
    [patch],
  );

  function add(files: File[]) {
    setRefused(null);
    const room = projectLimits.imagesMax - latest.current.length;
    if (files.length > room) setRefused('too_many_images');
    const added = files.slice(0, Math.max(room, 0)).map((file): PhotoItem => {
      const problem = projectImageProblem(file);
      return {
        key: nextKey(),
        name: file.name,
        status: problem ? 'failed' : 'uploading',
        progress: 0,
        image: null,
        preview: problem ? null : URL.createObjectURL(file),
        problem,
        uploadedHere: true,
        file: problem ? null : file,
      };
    });
    setItems((list) => [...list, ...added]);
    for (const item of added) if (item.file) upload(item.key, item.file);
  }

  function remove(key: string) {
    const item = latest.current.find((found) => found.key === key);
    if (!item) return;
    aborts.current.get(key)?.abort();
    if (item.preview) URL.revokeObjectURL(item.preview);
    if (item.uploadedHere && item.image) void deleteUploadedImage(item.image.path).catch(() => undefined);
    setItems((list) => list.filter((found) => found.key !== key));
    setRefused(null);
  }

  function retry(key: string) {
    const item = latest.current.find((found) => found.key === key);
    if (item?.file) upload(key, item.file);
  }

  /** Moves a photo to `index` (clamped). */
  function move(key: string, index: number) {
    setItems((list) => {
      const from = list.findIndex((item) => item.key === key);
      if (from < 0) return list;
      const to = Math.max(0, Math.min(index, list.length - 1));
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  }

  const cover = items.some((item) => item.key === chosenCover) ? chosenCover : (items[0]?.key ?? null);

  /** Leaving without saving: uploads of this dialog are not wanted (the clean-up job would remove them in a day). */
  function discard() {
    for (const controller of aborts.current.values()) controller.abort();
    for (const item of latest.current) if (item.uploadedHere && item.image) void deleteUploadedImage(item.image.path).catch(() => undefined);
  }

  // Object URLs of previews are let go with the dialog.
  useEffect(() => () => latest.current.forEach((item) => item.preview && URL.revokeObjectURL(item.preview)), []);

  /** The `images` a project is saved with, or why it cannot be yet. */
  function choice(): { images: ProjectImageInput[] } | { problem: 'photos_required' | 'photos_uploading' | 'photos_failed' } {
    if (items.length === 0) return { problem: 'photos_required' };
    if (items.some((item) => item.status === 'uploading')) return { problem: 'photos_uploading' };
    if (items.some((item) => item.status === 'failed')) return { problem: 'photos_failed' };
    return { images: items.map((item) => ({ path: item.image!.path, is_cover: item.key === cover })) };
  }

  return { items, cover, setCover: setChosenCover, add, remove, retry, move, discard, choice, refused };
}

export type PhotoList = ReturnType<typeof usePhotoList>;
