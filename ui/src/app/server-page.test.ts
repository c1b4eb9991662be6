import { describe, expect, it, vi } from 'vitest';
import { createStaticHandler } from 'react-router';
import type { RouteObject } from 'react-router';
import { loadMatchedRoutes } from './server-page.ts';

/** A small tree like the app's: a layout, screens loaded on demand, one nested. */
function tree() {
  const screen = (name: string) => vi.fn(async () => ({ handle: { name } }));
  const lazy = { home: screen('home'), list: screen('list'), detail: screen('detail'), other: screen('other') };
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true, lazy: lazy.home },
        { path: 'providers', children: [{ index: true, lazy: lazy.list }, { path: ':id', lazy: lazy.detail }] },
        { path: 'other', lazy: lazy.other },
      ],
    },
  ];
  return { routes, lazy };
}

async function serverMatched(routes: RouteObject[], path: string): Promise<string[]> {
  const context = await createStaticHandler(routes).query(new Request(`http://server.invalid${path}`));
  if (context instanceof Response) throw new Error('no match');
  return context.matches.map((match) => match.route.id);
}

describe('loadMatchedRoutes', () => {
  it("loads the screens the server matched, found by the router's own ids, and no other", async () => {
    const ids = await serverMatched(tree().routes, '/providers/abc');
    expect(ids).toEqual(['0', '0-1', '0-1-1']);
    const { routes, lazy } = tree();
    await loadMatchedRoutes(routes, '/providers/abc', ids);
    expect(lazy.detail).toHaveBeenCalledTimes(1);
    expect([lazy.home, lazy.list, lazy.other].map((fn) => fn.mock.calls.length)).toEqual([0, 0, 0]);
    const detail = routes[0]!.children![1]!.children![1]!;
    expect(detail.lazy).toBeUndefined();
    expect(detail.handle).toEqual({ name: 'detail' });
  });

  it('matches the address itself when the ids are missing or name no route', async () => {
    for (const ids of [undefined, ['0', '0-7']]) {
      const { routes, lazy } = tree();
      await loadMatchedRoutes(routes, '/providers', ids);
      expect(lazy.list).toHaveBeenCalledTimes(1);
      expect(lazy.detail).not.toHaveBeenCalled();
    }
  });
});
