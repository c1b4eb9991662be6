import { ApiError, networkErrorMessage } from './api-error.ts';
import { apiUrl } from './api-client.ts';
import { refreshSession } from './session-actions.ts';
import { useSession } from './session-store.ts';

/**
 * A file of the api that needs the bearer token (a job's calendar file, a receipt's PDF, the
 * earnings CSV), which a plain link can not carry: it is fetched (refreshing an expired token once)
 * and handed to the browser as a download named `fileName` (or, with `serverName`, the name the
 * answer's Content-Disposition gives, `fileName` when it gives none).
 */
export async function downloadApiFile(path: string, fileName: string, { serverName = false } = {}): Promise<void> {
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
  const named = serverName ? /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] : undefined;
  link.download = named ?? fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
