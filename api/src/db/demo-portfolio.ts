/**
 * Portfolios for the demo island: projects with photos (drawn by demo-photos.ts) and profile
 * pictures, stored through the uploads and projects modules exactly as a provider's uploads are,
 * for the demo provider, the providers on the first page of the common searches, and the five an
 * admin features on the landing with one of the demo provider's. Keys are named by the seed, so a
 * second fresh seed writes the same files over instead of adding more.
 */
import type { Knex } from 'knex';
import type { BudgetRange, NewProject } from '@resuelve/contract';
import type { Storage } from '../lib/storage.ts';
import { countView, createProject, featureOnSite, toggleLike } from '../modules/projects/index.ts';
import { saveProfileImage, saveProjectImages, type ProjectImageEnv } from '../modules/uploads/index.ts';
import { plainRelevanceSql } from '../modules/search/index.ts';
import { portraitPhoto, sceneOf, scenePhoto, type Scene } from './demo-photos.ts';

/** Searches people make most: their first providers in search's order (relevance without a text) get a project. */
export const commonSearches = ['plumbing', 'electrical', 'cleaning', 'painting', 'landscaping'];
/** Cards per common search that show a photo; the first page is 20. */
const coveredPerSearch = 3;
/** Trades of the island providers whose projects the landing features. */
const featuredTrades = ['landscaping', 'painting', 'catering', 'pool', 'roofing'];

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
/** A stored key of the demo's own: `project/2026/11/de300000-…` (the month the demo was drawn). */
const demoKey = (prefix: 'project' | 'profile', n: number) => `${prefix}/2026/11/de300000-${hex(prefix === 'project' ? 1 : 2, 4)}-4000-8000-${hex(n, 12)}`;

interface Work {
  es: string;
  en: string;
  about_es: string;
  about_en: string;
}

/** What a project of each scene is called, in the provider's language. */
const works: Record<Scene, Work> = {
  bathroom: { es: 'Baño renovado con losetas nuevas', en: 'Bathroom remodel with new tile', about_es: 'Cambiamos tuberías, lavamanos y losetas de pared y piso.', about_en: 'New pipes, sink and wall and floor tile.' },
  room: { es: 'Sala pintada en dos tonos', en: 'Living room in two colours', about_es: 'Paredes resanadas, sellador y dos manos de pintura lavable.', about_en: 'Patched walls, primer and two coats of washable paint.' },
  garden: { es: 'Patio con grama y flores nuevas', en: 'Yard with new lawn and flowers', about_es: 'Diseño, siembra de grama y arbustos y riego por goteo.', about_en: 'Design, new lawn and shrubs, drip irrigation.' },
  cake: { es: 'Bizcocho de tres pisos para boda', en: 'Three-tier wedding cake', about_es: 'Bizcocho de vainilla y guayaba con decoración a mano.', about_en: 'Vanilla and guava cake, decorated by hand.' },
  lights: { es: 'Iluminación nueva en la cocina', en: 'New kitchen lighting', about_es: 'Tres lámparas colgantes, circuito nuevo y panel revisado.', about_en: 'Three pendant lamps, a new circuit and a checked panel.' },
  kitchen: { es: 'Gabinetes de cocina a la medida', en: 'Custom kitchen cabinets', about_es: 'Gabinetes de madera, losetas de pared y tope nuevo.', about_en: 'Wooden cabinets, wall tile and a new counter.' },
  roof: { es: 'Techo sellado y placas solares', en: 'Sealed roof and solar panels', about_es: 'Sellado del techo antes de huracanes y tres placas solares.', about_en: 'Roof sealed before hurricane season and three solar panels.' },
  pool: { es: 'Piscina limpia y lista para el verano', en: 'Pool cleaned for the summer', about_es: 'Limpieza, balance químico y reparación de la bomba.', about_en: 'Cleaning, chemical balance and a pump repair.' },
  car: { es: 'Detallado completo de auto', en: 'Full car detailing', about_es: 'Lavado, encerado y limpieza del interior.', about_en: 'Wash, wax and interior cleaning.' },
  studio: { es: 'Trabajo terminado para un cliente', en: 'Finished work for a client', about_es: 'Un trabajo reciente, de principio a fin.', about_en: 'A recent job, start to finish.' },
};

interface DemoProject {
  scene: Scene;
  photos: number;
  title: string;
  description: string;
  budget: BudgetRange;
  materials: string[];
}

/** The demo provider's gallery: several photos each, so its profile shows the lightbox. */
const demoProviderProjects: DemoProject[] = [
  { scene: 'bathroom', photos: 3, title: 'Baño completo en Mayagüez', description: 'Tuberías nuevas de PEX, inodoro, lavamanos y losetas de pared. Cinco días de trabajo.', budget: '5k_15k', materials: ['PEX', 'losetas', 'lavamanos'] },
  { scene: 'lights', photos: 2, title: 'Lámparas y circuito de cocina', description: 'Circuito dedicado de 20 A, tres lámparas colgantes y revisión del panel.', budget: '1k_5k', materials: ['cable 12 AWG', 'breaker 20 A'] },
  { scene: 'kitchen', photos: 2, title: 'Fregadero y gabinetes en Cabo Rojo', description: 'Fregadero doble nuevo, desagüe y llaves, con los gabinetes de debajo reparados.', budget: '1k_5k', materials: ['fregadero', 'llave monomando'] },
];

interface Provider {
  id: string;
  language: 'es' | 'en';
  trade: string;
  municipality: string | null;
}

interface PortfolioIds {
  demoProviderId: string;
  adminId: string;
}

/** The first cards of a search with no filter (relevance: the best quality), each with its first trade. */
async function bestOverall(trx: Knex.Transaction, demoProviderId: string): Promise<Provider[]> {
  const { rows } = await trx.raw<{ rows: Provider[] }>(
    `SELECT p.id, pf.language, p.municipality_slug AS municipality,
            (SELECT c.slug FROM provider_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.provider_id = p.id ORDER BY c.sort_order LIMIT 1) AS trade
       FROM providers p JOIN profiles pf ON pf.id = p.id
      WHERE p.listed AND p.id <> ?
      ORDER BY ${plainRelevanceSql('p')} DESC, p.id LIMIT ?`,
    [demoProviderId, coveredPerSearch],
  );
  return rows;
}

/** Island providers with photos: the first of a search with no filter and of each common search, and the featured trades' best, each once. */
async function islandProviders(trx: Knex.Transaction, demoProviderId: string): Promise<{ searched: Provider[]; featured: Provider[] }> {
  const ranked = (slugs: string[], perTrade: number, onlyMain: boolean) =>
    trx.raw<{ rows: Provider[] }>(
      `SELECT id, language, trade, municipality FROM (
         SELECT p.id, pf.language, c.slug AS trade, p.municipality_slug AS municipality,
                row_number() OVER (PARTITION BY c.slug ORDER BY ${plainRelevanceSql('p')} DESC, p.id) AS place
           FROM providers p JOIN profiles pf ON pf.id = p.id
           JOIN provider_categories pc ON pc.provider_id = p.id JOIN categories c ON c.id = pc.category_id
          WHERE c.slug = ANY(?) AND p.listed AND p.id <> ? ${onlyMain ? 'AND p.verified_at IS NOT NULL' : ''}) ranked
        WHERE place <= ? ORDER BY trade, place`,
      [slugs, demoProviderId, perTrade],
    );
  const searched = [...(await bestOverall(trx, demoProviderId)), ...(await ranked(commonSearches, coveredPerSearch, false)).rows];
  const taken = new Set(searched.map((p) => p.id));
  const candidates = (await ranked(featuredTrades, 3, true)).rows;
  const featured = featuredTrades
    .map((trade) => candidates.find((p) => p.trade === trade && !taken.has(p.id)))
    .filter((p): p is Provider => Boolean(p));
  return { searched: searched.filter((p, i) => searched.findIndex((q) => q.id === p.id) === i), featured };
}

export async function seedPortfolios(trx: Knex.Transaction, storage: Storage, now: Date, ids: PortfolioIds): Promise<void> {
  let photoNumber = 0;
  let portraitNumber = 0;
  const env: ProjectImageEnv = {
    db: trx,
    storage,
    now,
    onCleanupError: () => undefined,
    storageKey: () => demoKey('project', ++photoNumber),
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

  async function project(ownerId: string, body: Omit<NewProject, 'images' | 'is_public'>, scene: Scene, photos: number): Promise<string> {
    const drawn = await Promise.all(Array.from({ length: photos }, (_, k) => scenePhoto(scene, photoNumber + k + 1)));
    const uploaded = await saveProjectImages(env, ownerId, drawn);
    const created = await createProject(env, ownerId, { ...body, is_public: true, images: uploaded.map((image, k) => ({ path: image.path, is_cover: k === 0 })) });
    return created.id;
  }

  async function portrait(userId: string): Promise<void> {
    portraitNumber += 1;
    await saveProfileImage({ ...env, storageKey: () => demoKey('profile', portraitNumber) }, userId, await portraitPhoto(portraitNumber));
  }

  const featuredIds: string[] = [];
  const demoIds: string[] = [];
  await portrait(ids.demoProviderId);
  for (const [k, work] of demoProviderProjects.entries()) {
    const id = await project(
      ids.demoProviderId,
      { title: work.title, description: work.description, project_type: 'residential', location: 'mayaguez', start_date: daysAgo(60 + k * 40), completion_date: daysAgo(55 + k * 40), budget_range: work.budget, materials: work.materials, featured: k === 0 },
      work.scene,
      work.photos,
    );
    demoIds.push(id);
    if (k === 0) featuredIds.push(id);
  }

  const { searched, featured } = await islandProviders(trx, ids.demoProviderId);
  for (const [k, provider] of [...searched, ...featured].entries()) {
    const scene = sceneOf(provider.trade);
    const work = works[scene];
    const english = provider.language === 'en';
    const isFeatured = k >= searched.length;
    const id = await project(
      provider.id,
      {
        title: english ? work.en : work.es,
        description: english ? work.about_en : work.about_es,
        location: provider.municipality,
        completion_date: daysAgo(20 + k * 9),
        budget_range: k % 2 ? '1k_5k' : 'under_1k',
      },
      scene,
      1,
    );
    if (isFeatured) featuredIds.push(id);
    // Pictures for some: the featured, and the first card of each common search.
    if (isFeatured || k % coveredPerSearch === 0) await portrait(provider.id);
  }

  // An admin chose them (decision 0046), a day apart: the landing shows the latest first.
  for (const [k, id] of featuredIds.entries()) await featureOnSite(trx, ids.adminId, id, true, new Date(now.getTime() - (featuredIds.length - k) * 86_400_000));
  await engage(trx, [...new Set([...demoIds, ...featuredIds])], now);
}

/** Island clients looked at the showcased projects and liked some, as the gallery counts them: a portfolio with figures. */
async function engage(trx: Knex.Transaction, projectIds: string[], now: Date): Promise<void> {
  const clients: string[] = await trx('client_profiles').orderBy('id').limit(40).pluck('id');
  for (const [k, projectId] of projectIds.entries()) {
    const viewers = clients.slice(0, 12 + ((k * 7) % 28));
    for (const viewer of viewers) await countView(trx, projectId, viewer, now);
    for (const client of viewers.slice(0, 2 + ((k * 3) % 8))) await toggleLike(trx, projectId, client);
  }
}
