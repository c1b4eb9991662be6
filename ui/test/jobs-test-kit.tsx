/**
 * Job fixtures and a render helper for the screens of jobs (booking, the client's and the
 * provider's screens), over the fake api of fake-api.ts.
 */
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Job, Profile } from '@resuelve/contract';
import { profile } from './helpers.tsx';
import { renderScreen as renderAppScreen } from './render-screen.tsx';

export { apiError, json, mockApi } from './fake-api.ts';
export type { ApiCall } from './fake-api.ts';

export const clientUser: Profile = profile({ id: 'client-1', first_name: 'Ana' });

/** A job of Ana (client-1) with Plomería Luis (prov-1): 9:00–11:00 in Puerto Rico, 2030-01-10. */
export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    status: 'upcoming',
    client_id: 'client-1',
    provider_id: 'prov-1',
    category_id: 1,
    title: 'Arreglar el fregadero',
    description: 'Gotea debajo del fregadero.',
    scheduled_start: '2030-01-10T13:00:00.000Z',
    scheduled_end: '2030-01-10T15:00:00.000Z',
    duration_hours: 2,
    estimated_hours: 2,
    actual_hours: null,
    started_at: null,
    ended_at: null,
    location_type: 'on_site',
    location_address: null,
    place: { municipality: 'San Juan', address: null },
    client_contact: null,
    session_number: 1,
    total_sessions: 1,
    original_job_id: null,
    series: null,
    proposed_start: null,
    proposed_end: null,
    modification_request: null,
    decline_reason: null,
    review_prompt_shown: false,
    review_id: null,
    price: null,
    quote: null,
    bill: null,
    fee_cents: null,
    fee_kind: null,
    no_show: null,
    on_my_way: null,
    deposit: null,
    provider_whatsapp: null,
    client: { id: 'client-1', name: 'Ana Rivera', profile_picture_url: null },
    provider: { id: 'prov-1', name: 'Plomería Luis', profile_picture_url: null },
    timezone: 'America/Puerto_Rico',
    allowed_actions: ['cancel', 'request_modification'],
    created_at: '2030-01-01T12:00:00.000Z',
    updated_at: '2030-01-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Render a screen at `path` (pattern `route`, arriving with `state`) signed in as `user`; other paths show only Where. */
export function renderScreen(element: ReactElement, path: string, options: { route: string; user?: Profile; others?: string[]; state?: unknown }) {
  return renderAppScreen(element, path, {
    route: options.route,
    user: options.user ?? clientUser,
    others: options.others ?? ['/client/jobs/:id', '/providers/:id', '/providers', '/messages', '/client/history', '/client/reviews'],
    state: options.state,
  });
}

/** Catches the files a screen hands to the browser (a link to a blob clicked): their names, in order. */
export function catchDownloads(): string[] {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
  return names;
}

/** GET /jobs/{id}/ics answered with an (empty) calendar. */
export const icsAnswer = () => new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { status: 200, headers: { 'Content-Type': 'text/calendar' } });
