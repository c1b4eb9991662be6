import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { isValidJobHours, jobLimits, locationTypes } from '@resuelve/contract';
import type { LocationType } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { HoursInput } from '../../components/hours-input.tsx';
import { availabilityKeys, dropTakenStart } from '../../entities/availability/api.ts';
import { bookJob, jobKeys } from '../../entities/job/api.ts';
import { queueBooking } from '../../entities/job/booking-queue.ts';
import type { NewBooking } from '../../entities/job/api.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { isApiError, problemText } from '../../lib/api-error.ts';
import { useFieldForm } from '../../lib/use-field-form.ts';
import type { BookingProvider } from './api.ts';
import { QueuedBookingNotice } from './queued-booking-notice.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { DayPicker, SlotPicker } from './slot-picker.tsx';
import { SeriesFields, SeriesReview } from './series-review.tsx';
import { useSeriesBooking } from './use-series-booking.ts';
import { Button } from '../../components/button.tsx';
import { ChoicePills } from '../../components/choice-pills/choice-pills.tsx';

type Field = 'category_id' | 'title' | 'hours' | 'date' | 'slot' | 'location_type' | 'location_address' | 'description';

/** Refusals that mean "that time is gone or was never bookable": the fresh slots are the answer. */
const slotErrors = new Set([
  'slot_already_booked',
  'time_not_available',
  'outside_business_hours',
  'provider_unavailable',
  'provider_closed_weekday',
]);

const rules = {
  category_id: (v: Record<Field, string>) => (v.category_id ? null : 'required'),
  // Optional: an empty title is the default one (defaultTitle).
  title: (v: Record<Field, string>) => {
    const length = v.title.trim().length;
    if (length === 0) return null;
    if (length < jobLimits.titleMinLength) return 'too_short';
    return length > jobLimits.titleMaxLength ? 'too_long' : null;
  },
  hours: (v: Record<Field, string>) => (isValidJobHours(Number(v.hours)) ? null : 'out_of_range'),
  date: (v: Record<Field, string>) => (v.date ? null : 'required'),
  slot: (v: Record<Field, string>) => (v.slot ? null : 'slot_required'),
  location_address: (v: Record<Field, string>) => {
    if (v.location_type !== 'client_location') return null;
    const length = v.location_address.trim().length;
    if (length === 0) return 'required';
    if (length < jobLimits.addressMinLength) return 'too_short';
    return length > jobLimits.addressMaxLength ? 'too_long' : null;
  },
  description: (v: Record<Field, string>) => (v.description.length > jobLimits.descriptionMaxLength ? 'too_long' : null),
};

/** A field error in words; "choose a time" is the booking form's own. */
function fieldText(t: TFunction, code: string | null): string | null {
  return fieldErrorText(t, code, { words: { slot_required: t('booking:slot_required') } });
}

/** "Plomería con Agua Clara": what the api names a booking that comes without a title, said the same way here. */
function defaultTitle(t: TFunction, provider: BookingProvider, categoryId: string): string {
  const service = provider.categories.find((c) => String(c.id) === categoryId);
  return service ? t('jobs:default_title', { service: service.name, name: provider.company_name }).slice(0, jobLimits.titleMaxLength) : '';
}

function toBooking(t: TFunction, provider: BookingProvider, values: Record<Field, string>): NewBooking {
  const location = values.location_type as LocationType;
  return {
    provider_id: provider.id,
    category_id: Number(values.category_id),
    title: values.title.trim() || defaultTitle(t, provider, values.category_id),
    description: values.description.trim(),
    scheduled_start: values.slot,
    duration_hours: Number(values.hours),
    location_type: location,
    location_address: location === 'client_location' ? values.location_address.trim() : null,
  };
}

/** The booking form: service, duration, day (the first open one), free time, place, description, and an optional title. */
export function BookingForm({ provider }: { provider: BookingProvider }) {
  const { t } = useTranslation(['booking', 'jobs', 'errors', 'series']);
  const navigate = useNavigate();
  // A freed time's link names its day (contract slot-alerts.ts); the day picker keeps it while it has room.
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const first = provider.categories.length === 1 ? provider.categories[0] : undefined;
  const form = useFieldForm<Field>(
    {
      category_id: first ? String(first.id) : '',
      title: first ? defaultTitle(t, provider, String(first.id)) : '',
      hours: '1',
      date: searchParams.get('date') ?? '',
      slot: '',
      location_type: 'on_site',
      location_address: '',
      description: '',
    },
    rules,
    { checkWhenLeft: 'always' },
  );
  const [titleEdited, setTitleEdited] = useState(false);
  const [problem, setProblem] = useState<{ text: string; freshSlots: boolean } | null>(null);
  /** The request waiting for the connection, by its local id (decision 0029). */
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const book = useMutation({
    mutationFn: ({ booking, key }: { booking: NewBooking; key: string }) => bookJob(booking, key),
    meta: { silent: true },
  });
  /** No connection: the request waits, visibly, with the key it would have gone with. */
  const queue = (booking: NewBooking, key: string) => setQueuedId(queueBooking(booking, provider.company_name, key).localId);
  const series = useSeriesBooking();
  const hours = Number(form.values.hours);
  const minutes = isValidJobHours(hours) ? Math.round(hours * 60) : null;

  function chooseService(id: string) {
    form.setValue('category_id', id);
    const category = provider.categories.find((c) => String(c.id) === id);
    if (!titleEdited && category) form.setValue('title', defaultTitle(t, provider, id));
  }

  /** Another duration or day: the chosen start is not one of its free times any more (the day stays while it has room). */
  function changeTime(field: 'hours' | 'date', value: string) {
    form.setValue(field, value);
    form.setValue('slot', '');
  }

  /** The chosen time left the fresh slots (a live update, another booking): say so before any submit. */
  function slotGone() {
    form.setValue('slot', '');
    setProblem({ text: t('errors:slot_already_booked'), freshSlots: true });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A problem stays until the form is valid again: "that time was taken" must not vanish on a click.
    if (!form.validateAll()) return;
    setProblem(null);
    // One key per attempt: a retry of this same request can never book twice.
    const key = crypto.randomUUID();
    const booking = toBooking(t, provider, form.values);
    // A series is checked first (every visit with its conflict); it books only online, after the client saw the list.
    if (series.repeat) {
      if (series.visitsError) return;
      try {
        await series.check(booking);
      } catch (error) {
        await showProblem(error);
      }
      return;
    }
    if (!onlineManager.isOnline()) {
      queue(booking, key);
      return;
    }
    try {
      const job = await book.mutateAsync({ booking, key });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      void navigate(`/client/jobs/${encodeURIComponent(job.id)}`, { state: { booked: true } });
    } catch (error) {
      // No answer: it may or may not have arrived; the same key makes sending it again safe.
      if (isApiError(error) && error.status === 0) {
        queue(booking, key);
        return;
      }
      await showProblem(error);
    }
  }

  async function showProblem(error: unknown) {
    if (isApiError(error) && slotErrors.has(error.code)) {
      if (form.values.slot) dropTakenStart(queryClient, provider.id, form.values.slot);
      form.setValue('slot', '');
      setProblem({ text: problemText(t, error), freshSlots: true });
      await queryClient.invalidateQueries({ queryKey: availabilityKeys.of(provider.id) });
      return;
    }
    if (isApiError(error) && form.showServerErrors(error.details)) return;
    setProblem({ text: problemText(t, error), freshSlots: false });
  }

  /** Books the series' free visits and opens the first. */
  async function confirmSeries() {
    setProblem(null);
    try {
      const booked = await series.confirm();
      if (!booked) return;
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      void navigate(`/client/jobs/${encodeURIComponent(booked.jobs[0]!.id)}`, { state: { booked: true } });
    } catch (error) {
      await showProblem(error);
    }
  }

  const preview = series.reviewFor(toBooking(t, provider, form.values));

  function submitText(): string {
    if (series.repeat) return series.busy === 'checking' ? t('series:checking') : t('series:review_submit');
    return book.isPending ? t('submitting') : t('submit');
  }

  return (
    <form className="booking-form card" noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField label={t('service')} error={fieldText(t, form.errorOf('category_id'))}>
        {(ids) => (
          <select {...ids} {...form.bind('category_id')} className="select" onChange={(e) => chooseService(e.target.value)}>
            <option value="">{t('service_placeholder')}</option>
            {provider.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('duration')}
        hint={t('duration_hint', { min: jobLimits.minHours, max: jobLimits.maxHours })}
        error={fieldText(t, form.errorOf('hours'))}
        className="booking-form__narrow"
      >
        {(ids) => <HoursInput {...ids} {...form.bind('hours')} onChange={(e) => changeTime('hours', e.target.value)} />}
      </FormField>
      {minutes !== null && (
        <>
          <DayPicker
            providerId={provider.id}
            minutes={minutes}
            value={form.values.date}
            onChange={(date) => changeTime('date', date)}
            error={fieldText(t, form.errorOf('date'))}
          />
          <SlotPicker
            providerId={provider.id}
            date={form.values.date}
            minutes={minutes}
            value={form.values.slot}
            onChange={(start) => form.setValue('slot', start)}
            onGone={slotGone}
            error={form.values.date ? fieldText(t, form.errorOf('slot')) : null}
          />
        </>
      )}
      <ChoicePills
        legend={t('location')}
        name="location_type"
        options={locationTypes}
        value={form.values.location_type}
        onChange={(type) => form.setValue('location_type', type)}
        label={(type) => t(`jobs:location.${type}`)}
      />
      {form.values.location_type === 'client_location' && (
        <FormField label={t('address')} hint={t('address_hint')} error={fieldText(t, form.errorOf('location_address'))}>
          {(ids) => <input {...ids} {...form.bind('location_address')} className="input" maxLength={jobLimits.addressMaxLength} autoComplete="street-address" />}
        </FormField>
      )}
      <FormField label={t('description')} hint={t('description_hint')} error={fieldText(t, form.errorOf('description'))}>
        {(ids) => <textarea {...ids} {...form.bind('description')} className="textarea" rows={4} maxLength={jobLimits.descriptionMaxLength} />}
      </FormField>
      <FormField label={t('job_title')} hint={t('job_title_hint')} error={fieldText(t, form.errorOf('title'))}>
        {(ids) => (
          <input
            {...ids}
            {...form.bind('title')}
            className="input"
            maxLength={jobLimits.titleMaxLength}
            onChange={(e) => {
              setTitleEdited(true);
              form.setValue('title', e.target.value);
            }}
          />
        )}
      </FormField>
      <SeriesFields
        repeat={series.repeat}
        visits={series.visits}
        onRepeat={series.setRepeat}
        onVisits={series.setVisits}
        visitsError={fieldText(t, series.visitsError)}
      />
      <BookingSummary provider={provider} draft={form.values} />
      {problem ? (
        <div className="alert alert-error" role="alert">
          <p>{problem.text}</p>
          {problem.freshSlots ? <p>{t('fresh_slots')}</p> : null}
        </div>
      ) : null}
      {queuedId ? <QueuedBookingNotice localId={queuedId} providerName={provider.company_name} onDone={() => setQueuedId(null)} /> : null}
      {preview ? (
        <SeriesReview
          preview={preview}
          timezone={provider.timezone}
          notice={series.notice}
          booking={series.busy === 'booking'}
          onConfirm={() => void confirmSeries()}
          onChange={series.clear}
        />
      ) : (
        <Button type="submit" variant="accent" className="booking-form__submit" disabled={book.isPending || queuedId !== null || series.busy !== null}>
          {submitText()}
        </Button>
      )}
    </form>
  );
}
