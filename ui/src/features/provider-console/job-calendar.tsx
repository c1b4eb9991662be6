import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import FullCalendar from '@fullcalendar/react';
import type { DatesSetInfo, EventClickInfo, EventDisplayInfo, EventInput, ViewOptions } from '@fullcalendar/react';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import { formatMoney } from '@resuelve/contract';
import type { BusinessHours, JobStatus, Locale } from '@resuelve/contract';
import type { Job } from '../../entities/job/api.ts';
import { timeInZone } from '../../entities/job/job-format.ts';
import { jobStatusTone } from '../../entities/job/job-status-badge.tsx';
import { calendarTexts, eventTimeText, slotLabelText, statusColor } from './calendar-options.ts';
import { StatusMark } from './status-mark.tsx';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './job-calendar.css';

export const calendarViews = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarView = (typeof calendarViews)[number];

/** Below this width a week of seven hour grids is unreadable: the calendar offers month, day and list. */
export const narrowCalendarQuery = '(max-width: 639px)';

function isNarrow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(narrowCalendarQuery).matches;
}

/** The view a calendar opens in: the saved one, except the week grid on a phone, which opens as a list. */
export function firstView(saved: CalendarView, narrow: boolean): CalendarView {
  return narrow && saved === 'timeGridWeek' ? 'listWeek' : saved;
}

/**
 * Per view: a month cell lists its jobs as a mark, a start time and one line of title (a block per
 * job wrapped titles over four lines), three a day and then "+2 más".
 */
export const viewOptions: Record<string, ViewOptions> = {
  dayGridMonth: { eventDisplay: 'list-item', dayMaxEvents: 3, displayEventEnd: false },
};

/** An event's inside: its status mark, time and title (FullCalendar's classes), and its status in words for a screen reader. */
function JobEventContent({ info }: { info: EventDisplayInfo }) {
  const { t } = useTranslation('jobs');
  const status = info.event.extendedProps.status as JobStatus;
  // A filled block (week and day grids) is in the status colour: its mark takes the text's white.
  const filled = info.view.type.startsWith('timeGrid');
  const mark = <StatusMark family={jobStatusTone[status]} colour={filled ? 'inherit' : 'family'} />;
  return (
    <>
      {info.timeText ? (
        <div className={`${info.timeClass} job-event__time`}>
          {mark}
          {info.timeText}
        </div>
      ) : null}
      <div className={`${info.titleClass} job-event__title`}>
        {info.timeText ? null : mark}
        {info.event.title}
      </div>
      <span className="visually-hidden">{t(`status.${status}`)}</span>
    </>
  );
}

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
  // Decided once, when the calendar opens: a phone turned sideways keeps the view the person chose.
  const [narrow] = useState(isNarrow);
  const [view, setView] = useState<string>(() => firstView(initialView, narrow));
  const events = useMemo<EventInput[]>(
    () =>
      jobs.map((job) => ({
        id: job.id,
        // An ended job names its total (its bill, issue 28) after the client.
        title: job.bill ? `${job.title} · ${job.client.name} · ${formatMoney(job.bill.total_cents, locale)}` : `${job.title} · ${job.client.name}`,
        start: job.scheduled_start,
        end: job.scheduled_end,
        url: `/provider/jobs/${job.id}`,
        color: statusColor(job.status),
        contrastColor: 'var(--color-text-inverse)',
        classNames: ['job-event', `job-event--${job.status}`],
        extendedProps: { status: job.status },
      })),
    [jobs, locale],
  );
  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    void navigate(`/provider/jobs/${info.event.id}`);
  };
  const onDatesSet = (info: DatesSetInfo) => {
    setView(info.view.type);
    onRange({ from: info.start.toISOString(), to: info.end.toISOString() });
  };
  return (
    // The view in use, for the stylesheet: the list wraps a long title, the month keeps it to one line.
    <div className="job-calendar" data-view={view}>
      <FullCalendar
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin]}
        initialView={firstView(initialView, narrow)}
        headerToolbar={{ start: 'prev,today,next', center: 'title', end: narrow ? 'listWeek,timeGridDay,dayGridMonth' : 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
        locales={[esLocale]}
        locale={locale}
        {...calendarTexts(t, locale)}
        eventTimeFormat={(info) => eventTimeText(info, locale, timeZone)}
        slotHeaderFormat={(info: Parameters<typeof slotLabelText>[0]) => slotLabelText(info, locale, timeZone)}
        timeZone={timeZone}
        events={events}
        eventClick={onEventClick}
        datesSet={onDatesSet}
        nowIndicator
        allDaySlot={false}
        {...visibleHours(businessHours, jobs, timeZone)}
        views={viewOptions}
        eventContent={(info: EventDisplayInfo) => <JobEventContent info={info} />}
        // FullCalendar's own dot before a listed job: our mark stands in its place.
        listItemEventBeforeClass="job-event__fc-dot"
        height="auto"
      />
    </div>
  );
}
