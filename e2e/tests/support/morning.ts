/**
 * The Puerto Rico morning every journey starts on (decision 0045): 08:00 of the next weekday after
 * the run begins, whatever the hour of the run. Puerto Rico keeps UTC−4 all year.
 */
const offsetMs = 4 * 3_600_000;

/** 08:00 in Puerto Rico on the first Monday–Friday after `now`'s Puerto Rico date. */
export function journeyMorning(now: Date): Date {
  const day = new Date(now.getTime() - offsetMs);
  day.setUTCHours(0, 0, 0, 0);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return new Date(day.getTime() + 8 * 3_600_000 + offsetMs);
}

/** The run's morning, chosen once by the global setup for every worker. */
export function runMorning(): Date {
  const chosen = process.env.E2E_MORNING;
  if (!chosen) throw new Error('E2E_MORNING is not set: run the journeys through e2e/playwright.config.ts (its global setup chooses the morning)');
  return new Date(chosen);
}
