import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { budgetRanges, projectLimits, splitList } from '@resuelve/contract';
import type { BudgetRange, NewProject, Project } from '@resuelve/contract';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { problemText } from '../../lib/api-error.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { useMunicipalities } from '../../entities/geo/api.ts';
import { createProject, projectKeys, updateProject } from '../../entities/project/api.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { usePhotoList } from './use-photo-list.ts';

interface Fields {
  title: string;
  description: string;
  project_type: string;
  location: string;
  start_date: string;
  completion_date: string;
  budget_range: BudgetRange | '';
  materials: string;
  tags: string;
  featured: boolean;
  is_public: boolean;
}

type FieldErrors = Partial<Record<keyof Fields, string>>;

function fieldsOf(project: Project | null): Fields {
  return {
    title: project?.title ?? '',
    description: project?.description ?? '',
    project_type: project?.project_type ?? '',
    location: project?.location ?? '',
    start_date: project?.start_date ?? '',
    completion_date: project?.completion_date ?? '',
    budget_range: project?.budget_range ?? '',
    materials: project?.materials.join(', ') ?? '',
    tags: project?.tags.join(', ') ?? '',
    featured: project?.featured ?? false,
    is_public: project?.is_public ?? true,
  };
}

function check(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  const title = fields.title.trim();
  if (!title) errors.title = 'required';
  else if (title.length < projectLimits.titleMinLength) errors.title = 'too_short';
  const description = fields.description.trim();
  if (!description) errors.description = 'required';
  else if (description.length < projectLimits.descriptionMinLength) errors.description = 'too_short';
  if (fields.start_date && fields.completion_date && fields.completion_date < fields.start_date) errors.completion_date = 'completion_before_start';
  return errors;
}

function bodyOf(fields: Fields): Omit<NewProject, 'images'> {
  return {
    title: fields.title.trim(),
    description: fields.description.trim(),
    is_public: fields.is_public,
    featured: fields.featured,
    project_type: fields.project_type.trim() || null,
    location: fields.location || null,
    start_date: fields.start_date || null,
    completion_date: fields.completion_date || null,
    budget_range: fields.budget_range || null,
    materials: splitList(fields.materials).slice(0, projectLimits.listMaxItems),
    tags: splitList(fields.tags).slice(0, projectLimits.listMaxItems),
  };
}

/** Create or edit a project (SPEC.md §2 Portfolio, §5): every field, and its photos. */
export function ProjectDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const { t } = useTranslation('portfolio');
  const queryClient = useQueryClient();
  const municipalities = useMunicipalities();
  const [fields, setFields] = useState(() => fieldsOf(project));
  const photos = usePhotoList(project?.images ?? []);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: NewProject) => (project ? updateProject(project.id, body) : createProject(body)),
    meta: { silent: true },
  });
  const errors = tried ? check(fields) : {};
  const photoChoice = photos.choice();
  const photoProblem = tried && 'problem' in photoChoice ? t(`photos.${photoChoice.problem}`) : null;
  const set = (change: Partial<Fields>) => setFields((current) => ({ ...current, ...change }));
  const lengthError = (code: string | undefined, words: string) => fieldErrorText(t, code, { words: { too_short: words } });

  function close() {
    photos.discard();
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    const choice = photos.choice();
    if (Object.keys(check(fields)).length > 0 || 'problem' in choice) return;
    try {
      await save.mutateAsync({ ...bodyOf(fields), images: choice.images });
      toast.success(t(project ? 'dialog.saved' : 'dialog.created'));
      onClose();
    } catch (error) {
      setProblem(problemText(t, error));
    } finally {
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    }
  }

  return (
    <Dialog title={t(project ? 'dialog.edit_title' : 'dialog.new_title')} onClose={close} className="portfolio-modal confirm-dialog--scroll">
      <form className="project-form stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField label={t('fields.title')} error={lengthError(errors.title, t('fields.title_short', { min: projectLimits.titleMinLength }))}>
          {(ids) => <input {...ids} className="input" maxLength={projectLimits.titleMaxLength} value={fields.title} onChange={(e) => set({ title: e.target.value })} />}
        </FormField>
        <FormField
          label={t('fields.description')}
          error={lengthError(errors.description, t('fields.description_short', { min: projectLimits.descriptionMinLength }))}
        >
          {(ids) => (
            <textarea
              {...ids}
              className="textarea"
              rows={4}
              maxLength={projectLimits.descriptionMaxLength}
              value={fields.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </FormField>
        <PhotoPicker photos={photos} error={photoProblem} />
        <div className="project-form__grid">
          <FormField label={t('fields.project_type')} hint={t('fields.optional')}>
            {(ids) => (
              <input {...ids} className="input" maxLength={projectLimits.projectTypeMaxLength} value={fields.project_type} onChange={(e) => set({ project_type: e.target.value })} />
            )}
          </FormField>
          <FormField label={t('fields.location')} hint={t('fields.optional')}>
            {(ids) => (
              <select {...ids} className="select" value={fields.location} onChange={(e) => set({ location: e.target.value })}>
                <option value="">{t('fields.no_location')}</option>
                {(municipalities.data ?? []).map((place) => (
                  <option key={place.slug} value={place.slug}>
                    {place.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('fields.start_date')} hint={t('fields.optional')}>
            {(ids) => <input {...ids} className="input" type="date" value={fields.start_date} onChange={(e) => set({ start_date: e.target.value })} />}
          </FormField>
          <FormField label={t('fields.completion_date')} error={errors.completion_date ? t('fields.completion_before_start') : null}>
            {(ids) => (
              <input {...ids} className="input" type="date" min={fields.start_date || undefined} value={fields.completion_date} onChange={(e) => set({ completion_date: e.target.value })} />
            )}
          </FormField>
          <FormField label={t('fields.budget_range')} hint={t('fields.optional')}>
            {(ids) => (
              <select {...ids} className="select" value={fields.budget_range} onChange={(e) => set({ budget_range: e.target.value as BudgetRange | '' })}>
                <option value="">{t('fields.no_budget')}</option>
                {budgetRanges.map((range) => (
                  <option key={range} value={range}>
                    {t(`budget.${range}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('fields.materials')} hint={t('fields.list_hint')}>
            {(ids) => <input {...ids} className="input" value={fields.materials} onChange={(e) => set({ materials: e.target.value })} />}
          </FormField>
          <FormField label={t('fields.tags')} hint={t('fields.list_hint')}>
            {(ids) => <input {...ids} className="input" value={fields.tags} onChange={(e) => set({ tags: e.target.value })} />}
          </FormField>
        </div>
        <div className="project-form__switches">
          <label className="project-switch">
            <input type="checkbox" checked={fields.is_public} onChange={(e) => set({ is_public: e.target.checked })} />
            <span>
              {t('fields.is_public')}
              <small className="field-hint">{t('fields.is_public_hint')}</small>
            </span>
          </label>
          <label className="project-switch">
            <input type="checkbox" checked={fields.featured} onChange={(e) => set({ featured: e.target.checked })} />
            <span>
              {t('fields.featured')}
              <small className="field-hint">{t('fields.featured_hint')}</small>
            </span>
          </label>
        </div>
        <DialogFormActions
          problem={problem}
          closeLabel={t('dialog.cancel')}
          onClose={close}
          submitLabel={save.isPending ? t('dialog.saving') : t(project ? 'dialog.save' : 'dialog.create')}
          pending={save.isPending}
        />
      </form>
    </Dialog>
  );
}
