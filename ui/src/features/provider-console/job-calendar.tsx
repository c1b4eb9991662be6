import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import FullCalendar from '@fullcalendar/react';
import type { DatesSetInfo, EventClickInfo, EventInput } from '@fullcalendar/react';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import type { BusinessHours, Locale } from '@resuelve/contract';
import type { Job, JobStatus } from '../../entities/job/api.ts';
import { timeInZone } from '../../entities/job/job-format.ts';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

export const calendarViews = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarView = (typeof calendarViews)[number];

/** One colour per status, so a glance at the month tells waiting, booked, running, done and over apart. */
export const statusColors: Record<JobStatus, string> = {
  pending: '#b45309',
  modification_requested: '#c2410c',
  schedule_change_pending: '#a16207',
  continuation_proposed: '#7c3aed',
  upcoming: '#1d4ed8',
  in_progress: '#047857',
  completed: '#4b5563',
  cancelled: '#9ca3af',
  cancelled_by_client: '#9ca3af',
  expired: '#9ca3af',
};

/**
 * The hours the week and day grids show: from the earliest opening to the latest closing of the
 * week, widened to any job outside them, whole hours. A console open all day shows the working
 * day, not the night before it; a provider who is never open sees the whole day.
 */
export function visibleHours(businessHours: BusinessHours | undefined, jobs: Job[], timeZone: string): { slotMinTime: string; slotMaxTime: string } {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const starts: number[] = [];
  const ends: number[] = [];
  for (const day of Object.values(businessHours ?? {})) {
    if (!day.open) continue;
    starts.push(minutes(day.from));
    ends.push(minutes(day.to));
  }
  if (starts.length === 0) return { slotMinTime: '00:00:00', slotMaxTime: '24:00:00' };
  for (const job of jobs) {
    const start = minutes(timeInZone(job.scheduled_start, timeZone));
    const end = minutes(timeInZone(job.scheduled_end, timeZone));
    starts.push(start);
    // A job ending after midnight (or at it) keeps the grid to the end of the day.
    ends.push(end <= start ? 24 * 60 : end);
  }
  const hour = (total: number) => `${String(total).padStart(2, '0')}:00:00`;
  return { slotMinTime: hour(Math.floor(Math.min(...starts) / 60)), slotMaxTime: hour(Math.ceil(Math.max(...ends) / 60)) };
}

export interface JobCalendarProps {
  jobs: Job[];
  businessHours?: BusinessHours;
  timeZone: string;
  locale: Locale;
  initialView: CalendarView;
  onRange: (range: { from: string; to: string }) => void;
}

/**
 * The provider's jobs in FullCalendar (month, week, day, list), in the provider's time zone. Each
 * event is a link to its request details, so the keyboard reaches it; a click stays in the app.
 */
export function JobCalendar({ jobs, businessHours, timeZone, locale, initialView, onRange }: JobCalendarProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('provider-jobs');
  const events = useMemo<EventInput[]>(
    () =>
      jobs.map((job) => ({
        id: job.id,
        title: `${job.title} · ${job.client.name}`,
        start: job.scheduled_start,
        end: job.scheduled_end,
        url: `/provider/jobs/${job.id}`,
        backgroundColor: statusColors[job.status],
        borderColor: statusColors[job.status],
        textColor: '#ffffff',
        classNames: ['job-event', `job-event--${job.status}`],
        extendedProps: { status: job.status },
      })),
    [jobs],
  );
  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    void navigate(`/provider/jobs/${info.event.id}`);
  };
  // FullCalendar's own Spanish reads "Vista del semana"; the hint comes from our locales instead.
  const viewHint = (buttonText: string) => t('calendar.view_hint', { view: buttonText.toLocaleLowerCase(locale) });
  const onDatesSet = (info: DatesSetInfo) => onRange({ from: info.start.toISOString(), to: info.end.toISOString() });
  return (
    <FullCalendar
      plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin]}
      initialView={initialView}
      headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
      locales={[esLocale]}
      locale={locale}
      timeZone={timeZone}
      events={events}
      eventClick={onEventClick}
      datesSet={onDatesSet}
      viewHint={viewHint}
      nowIndicator
      {...visibleHours(businessHours, jobs, timeZone)}
      height="auto"
    />
  );
}
