/**
 * The public pages rendered on the server (docs/decisions/0034), built by `vite build --ssr` into
 * web/dist-server and loaded by the api (api/src/pages/page-render.ts). One call renders one address
 * for an anonymous visitor in one language: the screens' own queries are found by rendering,
 * answered by the api in-process, and rendered again with their answers until nothing is missing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import { recordFormatsWith, type Locale } from '@resuelve/contract';
import { AppFrame, appRoutes, createWebPlatform, initI18n, serializeServerPageState, setPlatform, setServerRenderMoment } from '@resuelve/ui';
import type { ServerPageState } from '@resuelve/ui';

export interface RenderRequest {
  /** The page's address with its query, e.g. `/en/providers?category=plumbing`. */
  url: string;
  language: Locale;
  /** Every namespace of the language (and Spanish, the fallback), as the locales folder has them. */
  resources: Resource;
  /** Answers an api GET (`/api/v1/...`) for an anonymous visitor, in-process. */
  fetch: typeof fetch;
  /** The server's clock now (ISO), the page's "now" here and while the browser hydrates it. */
  now?: string;
}

export type RenderResult =
  | { ok: true; html: string; state: string; status: number }
  /** A query the page needs failed (e.g. 404 for an unknown provider): the browser renders it alone. */
  | { ok: false; reason: 'query_failed'; status: number; queryKey: string };

const requestFetch = new AsyncLocalStorage<typeof fetch>();
/** The texts the page's formatters wrote, handed to the browser with the page (decision 0043). */
const pageFormats = new AsyncLocalStorage<Map<string, string>>();
recordFormatsWith((key, text) => pageFormats.getStore()?.set(key, text));
/** The moment of the page being rendered: the api's clock, which a developer may have moved. */
const pageMoment = new AsyncLocalStorage<Date>();
setServerRenderMoment(() => pageMoment.getStore());

// The server never signs anybody in: every page here is the anonymous visitor's. The api is the
// page's own origin, so the addresses the page writes (photos, files) stay relative: the browser
// loads them from where the page came, as its Content-Security-Policy allows.
setPlatform({
  ...createWebPlatform({ apiOrigin: '' }),
  fetch: (input, init) => {
    const fetchForRequest = requestFetch.getStore();
    if (!fetchForRequest) return Promise.reject(new Error('server render: api request outside a render'));
    return fetchForRequest(input, init);
  },
});

const handler = createStaticHandler(appRoutes);

/** How many render-fetch rounds a page may take (a query that waits on another's answer). */
const maxRounds = 4;

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof option === 'function' ? option(query) : option) !== false;
}

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 ? status : 500;
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const now = request.now ? new Date(request.now) : new Date();
  return pageMoment.run(now, () => pageFormats.run(new Map(), () => renderPage(request, now)));
}

async function renderPage(request: RenderRequest, now: Date): Promise<RenderResult> {
  const formats = pageFormats.getStore()!;
  const i18n = initI18n({ lng: request.language, resources: request.resources });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
  const context = await handler.query(new Request(new URL(request.url, 'http://server-render.invalid')));
  if (context instanceof Response) throw new Error(`server render: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  let html = '';
  for (let round = 0; round < maxRounds; round += 1) {
    const errors: unknown[] = [];
    formats.clear(); // the last round's page is the one sent
    const { prelude } = await prerender(
      <AppFrame i18n={i18n} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>,
      // One piece: boundaries written in place, never outlined behind an inline script (the CSP has none).
      { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    html = await new Response(prelude).text();
    // A screen that throws would hydrate into its error fallback: the browser renders it alone instead.
    if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
    const missing = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && enabled(query));
    if (missing.length === 0) break;
    await requestFetch.run(request.fetch, () => Promise.all(missing.map((query) => query.fetch().catch(() => undefined))));
    const failed = missing.find((query) => query.state.status === 'error');
    if (failed) return { ok: false, reason: 'query_failed', status: statusOf(failed.state.error), queryKey: failed.queryHash };
  }

  const used = new Set<string>(['common', 'nav', 'errors', ...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])]);
  const words = request.resources[request.language] ?? {};
  const resources: Resource = { [request.language]: Object.fromEntries(Object.entries(words).filter(([ns]) => used.has(ns))) };
  const state: ServerPageState = {
    language: request.language,
    resources,
    queries: dehydrate(queryClient),
    formats: Object.fromEntries(formats),
    matchedRoutes: context.matches.map((match) => match.route.id),
    now: now.toISOString(),
  };
  return { ok: true, html, state: serializeServerPageState(state), status: context.statusCode };
}
