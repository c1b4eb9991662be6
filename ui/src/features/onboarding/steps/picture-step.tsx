import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { limits } from '@resuelve/contract';
import { FieldError } from '../../../components/field-error.tsx';
import { Icon } from '../../../components/icons.tsx';
import { profileQueries } from '../../../entities/profile/api.ts';
import { useMe } from '../../../entities/profile/use-profile.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { profileImageProblem, uploadProfileImage } from '../../../lib/uploads.ts';
import type { PictureValues } from '../draft.ts';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';
import { FilePickButton } from '../../../components/file-pick-button/file-pick-button.tsx';
import { PicturePreview } from '../../../components/file-pick-button/picture-preview.tsx';

function problemOf(error: unknown): string {
  if (!isApiError(error)) return 'unexpected';
  if (error.status === 0) return 'network_error';
  return error.code;
}

/** Provider step 2: a profile picture, uploaded as soon as it is chosen and shown; skippable. */
export function PictureStep(step: StepProps<PictureValues>) {
  const { values } = step;
  const { t } = useTranslation('onboarding');
  const id = useId();
  const me = useMe();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useStepForm({ ...step, checks: {} });
  const upload = useMutation({ mutationFn: uploadProfileImage, retry: false, meta: { silent: true } });

  // The browser keeps each chosen file's preview until it is let go.
  useEffect(() => () => {
    if (localPreview) URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  async function choose(file: File | undefined) {
    if (!file) return;
    const early = profileImageProblem(file);
    if (early) {
      setProblem(early);
      return;
    }
    setProblem(null);
    setLocalPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    try {
      const stored = await upload.mutateAsync(file);
      form.setValue('url', stored.url);
      queryClient.setQueryData(profileQueries.me().queryKey, (profile) => (profile ? { ...profile, avatar_url: stored.url } : profile));
    } catch (error) {
      setLocalPreview(null);
      setProblem(problemOf(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  const size = Math.round(limits.profileImageMaxBytes / (1024 * 1024));
  const shown = upload.isPending ? localPreview : values.url || me?.avatar_url || null;
  return (
    <div className="onb-picture">
      <PicturePreview
        className="onb-picture__preview"
        src={shown}
        alt={t('picture.preview_alt')}
        size={160}
        busy={upload.isPending}
        placeholderClassName="onb-picture__empty"
        placeholder={<Icon name="camera" size={56} strokeWidth={1.6} />}
      />
      <div className="onb-picture__controls stack-start">
        <p className="muted">{t('picture.hint', { size })}</p>
        <FilePickButton id={`${id}-file`} inputRef={input} describedBy={problem ? `${id}-problem` : undefined} className="onb-picture__choose" onFile={(file) => void choose(file)}>
          {shown ? t('picture.change') : t('picture.choose')}
        </FilePickButton>
        <p className="visually-hidden" role="status" aria-live="polite">
          {upload.isPending ? t('picture.uploading') : upload.isSuccess ? t('picture.uploaded') : ''}
        </p>
        {upload.isPending && <p className="muted">{t('picture.uploading')}</p>}
        {upload.isSuccess && !problem && <p className="field-hint onb-picture__done">{t('picture.uploaded')}</p>}
        {problem && (
          <FieldError id={`${id}-problem`} alert>
            {t(`picture.problems.${problem}`, { size, defaultValue: t(`errors:${problem}`, { defaultValue: t('errors:unexpected') }) })}
          </FieldError>
        )}
      </div>
    </div>
  );
}
