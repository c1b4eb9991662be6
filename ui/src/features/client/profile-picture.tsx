import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { limits } from '@resuelve/contract';
import type { Profile } from '@resuelve/contract';
import { FieldError } from '../../components/field-error.tsx';
import { profileQueries } from '../../entities/profile/api.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { profileImageProblem, uploadProfileImage } from '../../lib/uploads.ts';
import { FilePickButton } from '../../components/file-pick-button/file-pick-button.tsx';
import { PicturePreview } from '../../components/file-pick-button/picture-preview.tsx';

function problemOf(error: unknown): string {
  if (!isApiError(error)) return 'unexpected';
  return error.status === 0 ? 'network_error' : error.code;
}

function initialsOf(profile: Profile): string {
  const letters = [profile.first_name, profile.last_name].map((name) => name?.trim()[0] ?? '').join('');
  return (letters || profile.email[0] || '?').toUpperCase();
}

/**
 * The account's picture, changed as soon as a file is chosen (POST /uploads/profile-image): what
 * the server refuses anyway (not an image, 5 MB or more) is said before uploading.
 */
export function ProfilePicture({ profile }: { profile: Profile }) {
  const { t } = useTranslation('client-profile');
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: uploadProfileImage, retry: false, meta: { silent: true } });

  // The browser keeps a chosen file's preview until it is let go.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function choose(file: File | undefined) {
    if (!file) return;
    const early = profileImageProblem(file);
    setProblem(early);
    if (early) return;
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    try {
      const stored = await upload.mutateAsync(file);
      const updated = { ...profile, avatar_url: stored.url };
      queryClient.setQueryData(profileQueries.me().queryKey, updated);
      useSession.getState().profileUpdated(updated);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPreview(null);
      if (input.current) input.current.value = '';
    }
  }

  const size = Math.round(limits.profileImageMaxBytes / (1024 * 1024));
  const shown = preview ?? profile.avatar_url;
  return (
    <div className="cprofile-picture stack-start">
      <PicturePreview
        className="cprofile-picture__frame"
        src={shown}
        alt={t('picture.alt')}
        size={112}
        busy={upload.isPending}
        placeholderClassName="cprofile-picture__initials"
        placeholder={initialsOf(profile)}
      />
      <FilePickButton id={`${id}-file`} inputRef={input} describedBy={problem ? `${id}-problem` : `${id}-hint`} className="cprofile-picture__choose" onFile={(file) => void choose(file)}>
        {profile.avatar_url ? t('picture.change') : t('picture.add')}
      </FilePickButton>
      <p id={`${id}-hint`} className="field-hint">
        {t('picture.hint', { size })}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {upload.isPending ? t('picture.uploading') : upload.isSuccess ? t('picture.uploaded') : ''}
      </p>
      {problem ? (
        <FieldError id={`${id}-problem`} alert>
          {t(`picture.problems.${problem}`, { size, defaultValue: t(`errors:${problem}`, { defaultValue: t('errors:unexpected') }) })}
        </FieldError>
      ) : null}
    </div>
  );
}
