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
import type { Locale } from '@resuelve/contract';
import type { Job, JobStatus } from '../../lib/jobs.ts';
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

export interface JobCalendarProps {
  jobs: Job[];
  timeZone: string;
  locale: Locale;
  initialView: CalendarView;
  onRange: (range: { from: string; to: string }) => void;
}

/**
 * The provider's jobs in FullCalendar (month, week, day, list), in the provider's time zone. Each
 * event is a link to its request details, so the keyboard reaches it; a click stays in the app.
 */
export function JobCalendar({ jobs, timeZone, locale, initialView, onRange }: JobCalendarProps) {
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
      height="auto"
    />
  );
}
