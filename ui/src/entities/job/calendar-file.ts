import { ApiError, networkErrorMessage } from '../../lib/api-error.ts';
import { apiUrl } from '../../lib/api-client.ts';
import { refreshSession } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';

/**
 * "Add to calendar": GET /jobs/{id}/ics needs the bearer token, which a plain link can not carry,
 * so the file is fetched (refreshing an expired token once) and handed to the browser as a download.
 */
export async function downloadJobCalendar(id: string): Promise<void> {
  const path = `/jobs/${encodeURIComponent(id)}/ics`;
  const send = () => {
    const token = useSession.getState().accessToken;
    return fetch(apiUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  };
  let response = await send().catch(() => null);
  if (response?.status === 401 && (await refreshSession().catch(() => false))) response = await send().catch(() => null);
  if (!response) throw new ApiError(networkErrorMessage, 0, 'network_error');
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    throw new ApiError(`HTTP ${response.status}`, response.status, body?.code ?? `http_${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `resuelve-${id.slice(0, 8)}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
