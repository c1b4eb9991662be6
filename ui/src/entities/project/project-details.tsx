import { useTranslation } from 'react-i18next';
import type { Project } from '@resuelve/contract';

/** What a project says beyond its photos: type, place, dates and duration, budget, materials, tags. */
export function ProjectDetails({ project }: { project: Project }) {
  const { t, i18n } = useTranslation('portfolio');
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'es', { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (value: string) => dateFormat.format(new Date(`${value}T00:00:00Z`));
  const rows: [string, string][] = [];
  if (project.project_type) rows.push([t('fields.project_type'), project.project_type]);
  if (project.location_name) rows.push([t('fields.location'), project.location_name]);
  if (project.start_date && project.completion_date) rows.push([t('details.dates'), `${day(project.start_date)} – ${day(project.completion_date)}`]);
  else if (project.completion_date) rows.push([t('fields.completion_date'), day(project.completion_date)]);
  else if (project.start_date) rows.push([t('fields.start_date'), day(project.start_date)]);
  if (project.duration_days) rows.push([t('details.duration'), t('details.days', { count: project.duration_days })]);
  if (project.budget_range) rows.push([t('fields.budget_range'), t(`budget.${project.budget_range}`)]);
  if (project.materials.length) rows.push([t('fields.materials'), project.materials.join(', ')]);
  return (
    <div className="project-details">
      <p className="project-details__description">{project.description}</p>
      {rows.length > 0 && (
        <dl className="project-details__list">
          {rows.map(([label, value]) => (
            <div key={label} className="project-details__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {project.tags.length > 0 && (
        <ul className="chip-list project-details__tags" aria-label={t('fields.tags')}>
          {project.tags.map((tag) => (
            <li key={tag}>#{tag}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
