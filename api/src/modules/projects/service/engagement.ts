/**
 * Views and likes (SPEC.md §6). A view counts once per viewer, project and Puerto Rico day, never
 * the owner's own; a like is a row per client and project, toggled. Each counter moves in the same
 * statement or transaction as the row behind it, so counts stay exact however many arrive at once.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { LikeState } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Puerto_Rico', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Who a view is counted for: the signed-in account, or a visitor by address alone (hashed, never
 * stored as is). Not the browser's User-Agent: anyone can write a new one for each request, and
 * each counted as another viewer (issue 25, decision 0046). Visitors behind one address count once.
 */
export function viewerKey(userId: string | null, address: string): string {
  if (userId) return userId;
  return `v:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
}

/** Counts a view unless this viewer was counted today; answers the project's views now. */
export async function countView(db: Knex, projectId: string, viewer: string, now: Date): Promise<number | null> {
  const result = await db.raw(
    `WITH seen AS (
       INSERT INTO project_views (project_id, viewer, day) VALUES (?, ?, ?::date) ON CONFLICT DO NOTHING RETURNING project_id)
     UPDATE projects SET views = views + 1 WHERE id IN (SELECT project_id FROM seen) RETURNING views`,
    [projectId, viewer, dayFormat.format(now)],
  );
  return (result.rows[0] as { views: number } | undefined)?.views ?? null;
}

/** Views of days before yesterday are no longer needed to tell a second view from a first. */
export async function forgetOldViews(db: Knex, now: Date): Promise<number> {
  const yesterday = dayFormat.format(new Date(now.getTime() - 86_400_000));
  return db('project_views').where('day', '<', yesterday).delete();
}

/**
 * The project `userId` may like: a signed-in client (not a provider), a public project.
 * Someone else's private project is not found; one's own, or a private one, is like_not_allowed.
 */
async function likeableProject(db: Knex, projectId: string, userId: string): Promise<string> {
  const row = await db('projects as p')
    .join('profiles as me', 'me.id', db.raw('?', [userId]))
    .where('p.id', projectId)
    .first('p.provider_id', 'p.is_public', 'me.is_contractor');
  if (!row || (!row.is_public && row.provider_id !== userId)) throw new AppError('project_not_found', 'Project not found');
  if (row.provider_id === userId) throw new AppError('like_not_allowed', 'Your own project');
  if (row.is_contractor) throw new AppError('like_not_allowed', 'Only clients like projects');
  if (!row.is_public) throw new AppError('like_not_allowed', 'A private project');
  return row.provider_id as string;
}

/** A second press takes the like back. Answers the new state and whose project it is. */
export async function toggleLike(db: Knex, projectId: string, userId: string): Promise<{ state: LikeState; providerId: string }> {
  const providerId = await likeableProject(db, projectId, userId);
  const state = await db.transaction(async (trx): Promise<LikeState> => {
    const added = await trx('project_likes').insert({ project_id: projectId, client_id: userId }).onConflict(['project_id', 'client_id']).ignore().returning('client_id');
    let delta = 0;
    let liked = true;
    if (added.length) delta = 1;
    else {
      const removed = await trx('project_likes').where({ project_id: projectId, client_id: userId }).delete();
      // None removed: another press of this client's is adding the row right now; it stays liked.
      if (removed) {
        delta = -1;
        liked = false;
      }
    }
    const [row] = await trx('projects').where({ id: projectId }).increment('likes', delta).returning('likes');
    return { liked, likes: (row as { likes: number }).likes };
  });
  return { state, providerId };
}

export async function likeStatus(db: Knex, projectId: string, userId: string | null): Promise<LikeState> {
  const row = await db('projects')
    .where({ id: projectId })
    .first('likes', 'is_public', 'provider_id', userId ? db.raw('EXISTS (SELECT 1 FROM project_likes WHERE project_id = projects.id AND client_id = ?) AS liked', [userId]) : db.raw('false AS liked'));
  if (!row || (!row.is_public && row.provider_id !== userId)) throw new AppError('project_not_found', 'Project not found');
  return { liked: row.liked, likes: row.likes };
}
