/**
 * The client's sets of jobs, each defined once: the home's counts and lists and the appointments'
 * tabs ask GET /jobs with these filters, so a count and the list beside it can not disagree.
 */
import { heldJobStatuses } from '@resuelve/contract';
import { dayInZone, dayStartInZone, nextDay } from '../../entities/job/job-format.ts';
import type { ClientJobFilters } from './jobs-api.ts';

/** Upcoming: every job still holding the provider's time (requests and proposals too) from now on, soonest first. */
export function upcomingFilters(now: Date): ClientJobFilters {
  return { from: now.toISOString(), status: [...heldJobStatuses], order: 'asc' };
}

/** Active: every job still holding the provider's time, whenever it starts. */
export function activeFilters(): ClientJobFilters {
  return { status: [...heldJobStatuses], order: 'asc' };
}

/** Today: the day in Puerto Rico, soonest first. */
export function todayFilters(now: Date): ClientJobFilters {
  const today = dayInZone(now);
  return { from: dayStartInZone(today), to: dayStartInZone(nextDay(today)), order: 'asc' };
}

/** Past: anything that started before now, newest first. */
export function pastFilters(now: Date): ClientJobFilters {
  return { to: now.toISOString() };
}
