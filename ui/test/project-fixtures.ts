/** Projects and photos as the api answers them, for the screens' tests. */
import type { Project, ProjectImage } from '@resuelve/contract';

/** A stored photo as the api answers it (three widths). */
export function photo(n: number, overrides: Partial<ProjectImage> = {}): ProjectImage {
  const path = `project/2026/11/0000000${n}-0000-4000-8000-000000000000`;
  return {
    url: `/api/v1/uploads/${path}-640.webp`,
    path,
    width: 800,
    height: 600,
    placeholder: 'data:image/webp;base64,AAAA',
    src: `/api/v1/uploads/${path}`,
    widths: [320, 640, 800],
    is_cover: n === 1,
    position: n - 1,
    ...overrides,
  };
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 'proj-1',
    provider_id: 'prov-1',
    provider_name: 'Plomería Borinquen',
    title: 'Baño en Rincón',
    description: 'Losas nuevas y ducha sin bordes.',
    project_type: 'Remodelación',
    location: 'rincon',
    location_name: 'Rincón',
    start_date: '2026-03-02',
    completion_date: '2026-03-20',
    duration_days: 19,
    budget_range: '5k_15k',
    materials: ['losa', 'cemento'],
    tags: ['baño'],
    featured: false,
    is_public: true,
    likes: 3,
    views: 12,
    liked: false,
    images: [photo(1), photo(2), photo(3)],
    created_at: '2026-11-01T12:00:00Z',
    updated_at: '2026-11-01T12:00:00Z',
    ...overrides,
  };
}
