/**
 * Views and likes (SPEC.md §6). A view counts once per viewer, project and Puerto Rico day, never
 * the owner's own; a like is a row per client and project, toggled. Each counter moves in the same
 * statement or transaction as the row behind it, so counts stay exact however many arrive at once.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { LikeState } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { likeRow, likeTarget, toggleLikeRow } from '../repository.ts';

export { countView } from '../repository.ts';

/**
 * Who a view is counted for: the signed-in account, or a visitor by address alone (hashed, never
 * stored as is). Not the browser's User-Agent: anyone can write a new one for each request, and
 * each counted as another viewer (issue 25, decision 0046). Visitors behind one address count once.
 */
export function viewerKey(userId: string | null, address: string): string {
  if (userId) return userId;
  return `v:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
}

/**
 * The project `userId` may like: a signed-in client (not a provider), a public project.
 * Someone else's private project is not found; one's own, or a private one, is like_not_allowed.
 */
async function likeableProject(db: Knex, projectId: string, userId: string): Promise<string> {
  const row = await likeTarget(db, projectId, userId);
  if (!row || (!row.is_public && row.provider_id !== userId)) throw new AppError('project_not_found', 'Project not found');
  if (row.provider_id === userId) throw new AppError('like_not_allowed', 'Your own project');
  if (row.is_contractor) throw new AppError('like_not_allowed', 'Only clients like projects');
  if (!row.is_public) throw new AppError('like_not_allowed', 'A private project');
  return row.provider_id;
}

/** A second press takes the like back. Answers the new state and whose project it is. */
export async function toggleLike(db: Knex, projectId: string, userId: string): Promise<{ state: LikeState; providerId: string }> {
  const providerId = await likeableProject(db, projectId, userId);
  const state = await toggleLikeRow(db, projectId, userId);
  return { state, providerId };
}

export async function likeStatus(db: Knex, projectId: string, userId: string | null): Promise<LikeState> {
  const row = await likeRow(db, projectId, userId);
  if (!row || (!row.is_public && row.provider_id !== userId)) throw new AppError('project_not_found', 'Project not found');
  return { liked: row.liked, likes: row.likes };
}
