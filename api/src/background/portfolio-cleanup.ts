/**
 * `portfolio-cleanup`: photos uploaded for a project that no project took within a day lose
 * their files and rows, and views older than yesterday (kept only to count a viewer once a day)
 * are forgotten. Answers how many uploads went.
 */
import type { AppContext } from '../context.ts';
import { forgetOldViews } from '../modules/projects/index.ts';
import { cleanupUnusedProjectImages } from '../modules/uploads/index.ts';

export async function cleanupPortfolio(context: Pick<AppContext, 'knex' | 'clock' | 'storage'>, onError?: (error: unknown) => void): Promise<number> {
  const now = context.clock.now();
  await forgetOldViews(context.knex, now);
  return cleanupUnusedProjectImages({ db: context.knex, storage: context.storage, now, onCleanupError: onError });
}
