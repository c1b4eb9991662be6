/**
 * The private calendar feed (GET /calendar/feed): the secret address a calendar app subscribes to
 * for the person's jobs. A new address on demand makes the old one stop working.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export interface CalendarFeed {
  url: string;
}

export const calendarFeedQueries = {
  feed: () =>
    queryOptions({
      queryKey: ['calendar', 'feed'] as const,
      queryFn: ({ signal }) => apiFetch<CalendarFeed>('/calendar/feed', { signal }),
    }),
};

export function regenerateCalendarFeed(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('/calendar/feed/regenerate', { method: 'POST' });
}
