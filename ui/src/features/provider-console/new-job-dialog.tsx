import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { jobLimits, locationTypes } from '@resuelve/contract';
import type { LocationType } from '@resuelve/contract';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { FormField } from '../../components/form-field.tsx';
import { clientName, clientQueries } from '../../entities/client/api.ts';
import { createJobForClient, jobKeys } from '../../entities/job/api.ts';
import { dayInZone, zonedDateTimeToIso } from '../../entities/job/job-format.ts';
import type { OwnProvider } from '../../entities/provider/api.ts';
import { parseHours, problemText } from './messages.ts';
import { ScheduleFields, checkSchedule } from './schedule-fields.tsx';
import type { ScheduleErrors, ScheduleValues } from './schedule-fields.tsx';

interface Details {
  client_id: string;
  category_id: string;
  title: string;
  description: string;
  location_type: LocationType;
  location_address: string;
}

type DetailErrors = Partial<Record<keyof Details, string>>;

function checkDetails(d: Details): DetailErrors {
  const errors: DetailErrors = {};
  if (!d.client_id) errors.client_id = 'required';
  if (!d.category_id) errors.category_id = 'required';
  const title = d.title.trim();
  if (!title) errors.title = 'required';
  else if (title.length < jobLimits.titleMinLength) errors.title = 'too_short';
  if (d.location_type === 'client_location' && !d.location_address.trim()) errors.location_address = 'required';
  return errors;
}

/**
 * "New job" (SPEC.md §2 Provider calendar): the provider books one of their clients
 * (POST /jobs/provider-create); the job starts upcoming and the client is told.
 */
export function NewJobDialog({ provider, onClose }: { provider: OwnProvider; onClose: () => void }) {
  const { t } = useTranslation(['provider-jobs', 'jobs']);
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const clients = useQuery({ ...clientQueries.ofProvider(search.trim()), meta: { silent: true } });
  const [details, setDetails] = useState<Details>({
    client_id: '',
    category_id: provider.categories.length === 1 ? String(provider.categories[0]!.id) : '',
    title: '',
    description: '',
    location_type: 'on_site',
    location_address: '',
  });
  const [schedule, setSchedule] = useState<ScheduleValues>({ date: '', time: '', duration: '1' });
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({ mutationFn: createJobForClient, meta: { silent: true } });
  const detailErrors: DetailErrors = tried ? checkDetails(details) : {};
  const scheduleErrors: ScheduleErrors = tried ? checkSchedule(schedule) : {};
  const set = (change: Partial<Details>) => setDetails((d) => ({ ...d, ...change }));
  const text = (code: string | undefined) => fieldErrorText(t, code);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    if (Object.keys(checkDetails(details)).length > 0 || Object.keys(checkSchedule(schedule)).length > 0) return;
    try {
      await create.mutateAsync({
        client_id: details.client_id,
        category_id: Number(details.category_id),
        title: details.title.trim(),
        description: details.description.trim(),
        scheduled_start: zonedDateTimeToIso(schedule.date, schedule.time, provider.timezone),
        duration_hours: parseHours(schedule.duration),
        location_type: details.location_type,
        location_address: details.location_type === 'client_location' ? details.location_address.trim() : null,
      });
      toast.success(t('new_job.created'));
      onClose();
    } catch (error) {
      setProblem(problemText(t, error));
    } finally {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }
  }

  return (
    <Dialog title={t('new_job.title')} onClose={onClose} className="provider-modal">
      <form className="new-job-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField label={t('new_job.search_client')}>
          {(ids) => <input {...ids} className="input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
        </FormField>
        <FormField
          label={t('new_job.client')}
          hint={clients.isSuccess && clients.data.length === 0 ? t('new_job.no_clients') : undefined}
          error={text(detailErrors.client_id)}
        >
          {(ids) => (
            <select {...ids} className="select" value={details.client_id} onChange={(e) => set({ client_id: e.target.value })}>
              <option value="">{clients.isPending ? t('common.loading') : t('new_job.pick_client')}</option>
              {(clients.data ?? []).map((client) => (
                <option key={client.id} value={client.id}>
                  {clientName(client)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('new_job.service')} error={text(detailErrors.category_id)}>
          {(ids) => (
            <select {...ids} className="select" value={details.category_id} onChange={(e) => set({ category_id: e.target.value })}>
              <option value="">{t('new_job.pick_service')}</option>
              {provider.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('new_job.job_title')} error={text(detailErrors.title)}>
          {(ids) => <input {...ids} className="input" maxLength={jobLimits.titleMaxLength} value={details.title} onChange={(e) => set({ title: e.target.value })} />}
        </FormField>
        <ScheduleFields
          values={schedule}
          errors={scheduleErrors}
          onChange={setSchedule}
          timezone={provider.timezone}
          businessHours={provider.business_hours}
          today={dayInZone(new Date(), provider.timezone)}
        />
        <FormField label={t('new_job.location')}>
          {(ids) => (
            <select {...ids} className="select" value={details.location_type} onChange={(e) => set({ location_type: e.target.value as LocationType })}>
              {locationTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`place.type.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {details.location_type === 'client_location' ? (
          <FormField label={t('new_job.address')} error={text(detailErrors.location_address)}>
            {(ids) => (
              <input {...ids} className="input" maxLength={jobLimits.addressMaxLength} value={details.location_address} onChange={(e) => set({ location_address: e.target.value })} />
            )}
          </FormField>
        ) : null}
        <FormField label={t('new_job.description')} hint={t('common.optional')}>
          {(ids) => (
            <textarea {...ids} className="textarea" rows={3} maxLength={jobLimits.descriptionMaxLength} value={details.description} onChange={(e) => set({ description: e.target.value })} />
          )}
        </FormField>
        <DialogFormActions
          problem={problem}
          closeLabel={t('common.close')}
          onClose={onClose}
          submitLabel={create.isPending ? t('common.sending') : t('new_job.submit')}
          pending={create.isPending}
        />
      </form>
    </Dialog>
  );
}
