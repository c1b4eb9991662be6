/**
 * Relevance scores of providers to a search text, for pages ordered by `score`: computed in
 * PostgreSQL with the search statement's own expression (query.ts) when first needed, kept per
 * text, dropped for a provider when it changes and for every text when the categories change
 * (the text's categories and their words are in the score). Each category's own word is scored
 * ahead, after the load, so the searches most asked run no statement.
 */
import type pg from 'pg';
import { likePattern } from '../../../../lib/keyset.ts';
import { typoThreshold } from '../../../categories/index.ts';
import { statementChunk, type CategoryPoints, type PlaceCopy } from './copy.ts';
import { chordOf, earthPoint } from './geometry.ts';

/** query.ts's relevance score of providers to a text ($2 its LIKE pattern, $3 the text, $4 the categories it names). */
const scoreSql = `SELECT p.id, round((
    0.5 * coalesce((SELECT max(CASE WHEN c.search_text LIKE $2 THEN 1 ELSE word_similarity($3, c.search_text) END)
                    FROM categories c WHERE c.id = ANY(p.category_ids) AND c.id = ANY($4::int[])), 0)
    + 0.4 * word_similarity($3, p.search_text)
    + 0.1 * least(ts_rank(p.search_vector, plainto_tsquery('simple', $3)), 1))::numeric, 6)::text AS score
  FROM providers p WHERE p.id = ANY($1::uuid[])`;
/** Texts whose scores are kept at most. */
const maxTerms = 200;

/**
 * Each category's own word (the first word of its name in either language), as service/search.ts's
 * resolveNames resolves a text: the term as the index holds it and the categories it names.
 */
const ownWordsSql = `SELECT DISTINCT w.word, lower(f_unaccent(w.word)) AS term, ARRAY(
       SELECT c.id FROM categories c
       WHERE c.search_text LIKE '%' || lower(f_unaccent(replace(replace(replace(w.word, '\\', '\\\\'), '%', '\\%'), '_', '\\_'))) || '%'
          OR word_similarity(lower(f_unaccent(w.word)), c.search_text) >= $1) AS ids
  FROM (SELECT lower(split_part(btrim(n.name), ' ', 1)) AS word
          FROM categories, LATERAL (VALUES (name_es), (name_en)) AS n(name)) AS w
  WHERE w.word <> ''`;

/** A score as the statement writes it (numeric(…, 6)::text), for the cursor. */
export const scoreText = (score: number) => score.toFixed(6);

export type RunScores = (text: string, values: unknown[]) => Promise<{ rows: { id: string; score: string }[] }>;

/** What a search ordered by `score` asks: the candidates (category, circle) and the text. */
export interface ScoreQuery {
  categoryId: number;
  origin: { lat: number; lng: number };
  meters: number;
  term?: string;
  termCategoryIds?: number[];
}

/**
 * A text's relevance scores, one number per provider in one array at the provider's slot (given
 * by the index, shared by every text), NaN where not computed yet: the hundreds of thousands of
 * scores of the categories' own words are a few objects for the garbage collector, not two each.
 * A score is numeric(…, 6) in the statement, so its text is the number with six decimals.
 */
export class TermScores {
  private values = new Float64Array(0);

  constructor(private readonly slots: Map<string, number>) {}

  /** The score, or NaN when not known. */
  get(id: string): number {
    const slot = this.slots.get(id);
    return slot === undefined || slot >= this.values.length ? Number.NaN : this.values[slot]!;
  }

  has(id: string): boolean {
    return !Number.isNaN(this.get(id));
  }

  set(id: string, value: number): void {
    let slot = this.slots.get(id);
    if (slot === undefined) this.slots.set(id, (slot = this.slots.size));
    if (slot >= this.values.length) {
      const grown = new Float64Array(Math.max(slot + 1, this.values.length * 2, 1024)).fill(Number.NaN);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[slot] = value;
  }

  delete(id: string): void {
    const slot = this.slots.get(id);
    if (slot !== undefined && slot < this.values.length) this.values[slot] = Number.NaN;
  }
}

export class ScoreStore {
  /** text -> provider id -> relevance score, computed in PostgreSQL when first needed */
  private readonly terms = new Map<string, TermScores>();
  /** provider id -> its place in every text's scores (TermScores) */
  private readonly slots = new Map<string, number>();
  /** text's scores -> category id -> the scores in the category's points order (column()) */
  private readonly columns = new WeakMap<TermScores, Map<number, { points: CategoryPoints; version: number; values: Float64Array }>>();
  /** Counts every change to a text's scores (a score computed, a provider's dropped): kept score columns are made again. */
  private version = 0;
  /** The own words' scores being computed (warm()). */
  private warming: Promise<void> | null = null;

  constructor(private readonly copy: PlaceCopy) {}

  of(term: string): TermScores | undefined {
    return this.terms.get(term);
  }

  /** Every text's scores dropped (the categories changed, or the copy is gone). */
  clear(): void {
    this.terms.clear();
  }

  /** After a stop: not even the providers' slots are kept. */
  forget(): void {
    this.terms.clear();
    this.slots.clear();
  }

  /** These providers changed: their scores are computed again when needed. */
  drop(ids: string[]): void {
    for (const scores of this.terms.values()) for (const id of ids) scores.delete(id);
    this.version += 1;
  }

  /** The scores of the category's places (in `points` order; NaN where not known yet) to a text, kept until its scores change. */
  column(points: CategoryPoints, categoryId: number, scores: TermScores): Float64Array {
    let byCategory = this.columns.get(scores);
    if (!byCategory) this.columns.set(scores, (byCategory = new Map()));
    const kept = byCategory.get(categoryId);
    if (kept && kept.points === points && kept.version === this.version) return kept.values;
    const values = new Float64Array(points.places.length);
    points.places.forEach((place, i) => {
      values[i] = scores.get(place.id);
    });
    byCategory.set(categoryId, { points, version: this.version, values });
    return values;
  }

  /** The scores of every candidate of the query (in the circle's box) to its text that are not known yet. */
  async prepare(query: ScoreQuery & { term: string }, run: RunScores): Promise<void> {
    const term = query.term;
    let scores = this.terms.get(term);
    if (!scores) {
      if (this.terms.size >= maxTerms) this.terms.delete(this.terms.keys().next().value!);
      this.terms.set(term, (scores = new TermScores(this.slots)));
    }
    const places = this.copy.categories.get(query.categoryId);
    if (!places) return;
    const origin = earthPoint(query.origin.lat, query.origin.lng);
    const half = chordOf(query.meters);
    const missing: string[] = [];
    for (const p of places.values()) {
      if (Math.abs(p.x - origin.x) > half || Math.abs(p.y - origin.y) > half || Math.abs(p.z - origin.z) > half) continue;
      if (!scores.has(p.id)) missing.push(p.id);
    }
    await this.compute(term, scores, missing, query.termCategoryIds ?? [], run);
  }

  /** The scores of `ids` to `term` (naming `termCategoryIds`), kept unless the provider or the categories changed meanwhile. */
  private async compute(term: string, scores: TermScores, ids: string[], termCategoryIds: number[], run: RunScores): Promise<void> {
    for (let start = 0; start < ids.length; start += statementChunk) {
      const chunk = ids.slice(start, start + statementChunk);
      const versions = chunk.map((id) => this.copy.version(id));
      const { rows } = await run(scoreSql, [chunk, likePattern(term), term, `{${termCategoryIds.map((id) => Math.trunc(id)).join(',')}}`]);
      this.copy.counts.scoresComputed += rows.length;
      const byId = new Map(rows.map((row) => [row.id, row.score]));
      chunk.forEach((id, i) => {
        const score = byId.get(id);
        if (score !== undefined && this.copy.version(id) === versions[i] && this.terms.get(term) === scores) {
          scores.set(id, Number(score));
          this.version += 1;
        }
      });
    }
  }

  /** Resolves once the own words' scores being computed are (see warm()). */
  async ready(): Promise<void> {
    while (this.warming) await this.warming;
  }

  /** warm() once the one under way (if any) ends: the categories changed meanwhile. */
  warmAgain(client: pg.Client, current: () => boolean, onError: (error: unknown) => void): void {
    if (this.warming) void this.warming.then(() => current() && this.warm(client, current, onError));
    else this.warm(client, current, onError);
  }

  /**
   * Computes the scores of each category's own word for the providers of the categories it names,
   * in the background, while `current()` (the connection that started it is the index's, loaded).
   */
  warm(client: pg.Client, current: () => boolean, onError: (error: unknown) => void): void {
    if (this.warming) return;
    const run = async () => {
      const { rows: words } = await client.query<{ term: string; ids: number[] }>(ownWordsSql, [typoThreshold]);
      const seen = new Set<string>();
      for (const { term, ids: categoryIds } of words) {
        if (seen.has(term) || !categoryIds.length || !current()) continue;
        seen.add(term);
        let scores = this.terms.get(term);
        if (!scores) {
          if (this.terms.size >= maxTerms) continue;
          this.terms.set(term, (scores = new TermScores(this.slots)));
        }
        const missing = new Set<string>();
        for (const categoryId of categoryIds) for (const id of this.copy.categories.get(categoryId)?.keys() ?? []) if (!scores.has(id)) missing.add(id);
        await this.compute(term, scores, [...missing], categoryIds, (text, values) => client.query(text, values));
      }
    };
    this.warming = run()
      .catch(onError)
      .finally(() => {
        this.warming = null;
      });
  }
}
