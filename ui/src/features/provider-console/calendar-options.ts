/**
 * What FullCalendar is told so it reads like the rest of the app: status colours from the design
 * tokens, times formatted by Intl the way job-format.ts does (12-hour with a. m./p. m. or AM/PM in
 * es-PR and en-US), and every word it shows or announces from our locales (FullCalendar's own
 * English "Timed", "All-day" or Spanish "Agenda" never reach the screen).
 */
import type { TFunction } from 'i18next';
import { dateTimeFormat, intlLocale, jobStatuses } from '@resuelve/contract';
import type { JobStatus, Locale } from '@resuelve/contract';
import { formatJobTime, formatJobTimeRange } from '../../entities/job/job-format.ts';
import { jobStatusTone } from '../../entities/job/job-status-badge.tsx';
import type { JobStatusTone } from '../../entities/job/job-status-badge.tsx';

/** A status's colour: its design token (ui/src/styles/tokens.css `--status-<status>`). */
export function statusColor(status: JobStatus): string {
  return `var(--status-${status})`;
}

/**
 * The calendar shows and filters statuses by family (waiting, booked, running, done, ended), one hue
 * each: ten statuses in five colours read as noise in a legend of ten.
 */
export const statusFamilies: readonly JobStatusTone[] = ['waiting', 'booked', 'running', 'done', 'ended'];

/** The statuses of a family, in the contract's order. */
export function statusesOf(family: JobStatusTone): JobStatus[] {
  return jobStatuses.filter((status) => jobStatusTone[status] === family);
}

/** A family's colour: the token of its first status, which every other status of it points to. */
export function familyColor(family: JobStatusTone): string {
  return statusColor(statusesOf(family)[0]!);
}

/** The instants FullCalendar hands a function formatter (its `instantMs` is the real moment). */
interface FormattedInstants {
  date: { instantMs: number };
  end?: { instantMs: number } | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** An event's time or time range: "9:00 – 10:30 a. m." / "9:00 – 10:30 AM", in the provider's zone. */
export function eventTimeText(info: FormattedInstants, locale: Locale, timeZone: string): string {
  if (info.end && info.end.instantMs !== info.date.instantMs) return formatJobTimeRange(iso(info.date.instantMs), iso(info.end.instantMs), locale, timeZone);
  return formatJobTime(iso(info.date.instantMs), locale, timeZone);
}

/** A row label of the week and day grids: "9 a. m." / "9 AM" (a half hour keeps its minutes). */
export function slotLabelText(info: FormattedInstants, locale: Locale, timeZone: string): string {
  const at = new Date(info.date.instantMs);
  const whole = at.getUTCMinutes() === 0;
  return dateTimeFormat(intlLocale[locale], { hour: 'numeric', ...(whole ? {} : { minute: '2-digit' }), timeZone }).format(at);
}

type Unit = 'day' | 'week' | 'month' | 'year';
const unitOf = (unit: string): Unit => (unit === 'day' || unit === 'week' || unit === 'month' || unit === 'year' ? unit : 'week');

/**
 * FullCalendar's words and announcements, from the `provider-jobs` locale (calendar.fc.*). Version 7
 * names its view buttons from the unit texts (monthText, weekTextLong, dayText, listText); its v6
 * `buttonText` is unknown to it and only logged a warning.
 */
export function calendarTexts(t: TFunction<'provider-jobs'>, locale: Locale) {
  return {
    todayText: t('calendar.fc.today'),
    prevText: t('calendar.fc.prev'),
    nextText: t('calendar.fc.next'),
    yearText: t('calendar.fc.units.year'),
    monthText: t('calendar.fc.units.month'),
    weekTextLong: t('calendar.fc.units.week'),
    dayText: t('calendar.fc.units.day'),
    listText: t('calendar.views.listWeek'),
    allDayText: t('calendar.fc.all_day'),
    timedText: t('calendar.fc.timed'),
    noEventsText: t('calendar.fc.no_events'),
    eventsHint: t('calendar.fc.events'),
    closeHint: t('calendar.fc.close'),
    viewChangeHint: t('calendar.fc.change_view'),
    moreLinkText: (count: number) => t('calendar.fc.more', { count }),
    moreLinkHint: (count: number) => t('calendar.fc.more_hint', { count }),
    navLinkHint: (dateText: string) => t('calendar.fc.go_to', { date: dateText }),
    prevHint: (_text: string, unit: string) => t(`calendar.fc.prev_hint.${unitOf(unit)}`),
    nextHint: (_text: string, unit: string) => t(`calendar.fc.next_hint.${unitOf(unit)}`),
    todayHint: (_text: string, unit: string) => t(`calendar.fc.today_hint.${unitOf(unit)}`),
    viewHint: (buttonText: string) => t('calendar.view_hint', { view: buttonText.toLocaleLowerCase(intlLocale[locale]) }),
  };
}
