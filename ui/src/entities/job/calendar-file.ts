import { downloadApiFile } from '../../lib/download.ts';

/** "Add to calendar": the job's iCalendar file (GET /jobs/{id}/ics), downloaded with the bearer token. */
export function downloadJobCalendar(id: string): Promise<void> {
  return downloadApiFile(`/jobs/${encodeURIComponent(id)}/ics`, `resuelve-${id.slice(0, 8)}.ics`);
}
