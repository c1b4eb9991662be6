/**
 * What the island's trades charge (decision record 0028): a range in whole dollars, per hour or
 * per visit, and whether the trade usually quotes a starting price. Roughly Puerto Rico's going
 * rates in 2026; a provider's own rate is drawn in its trade's range, rounded to $5.
 */
import type { ProviderRate, RateUnit } from '@resuelve/contract';

interface TradeRate {
  min: number;
  max: number;
  unit: RateUnit;
  /** How often a provider of the trade states it as a starting price. */
  from: number;
}

const hour = (min: number, max: number, from = 0.3): TradeRate => ({ min, max, unit: 'hour', from });
const visit = (min: number, max: number, from = 0.6): TradeRate => ({ min, max, unit: 'visit', from });

export const tradeRates: Record<string, TradeRate> = {
  plumbing: hour(55, 85),
  electrical: hour(60, 90),
  carpentry: hour(40, 65),
  landscaping: hour(30, 45),
  cleaning: hour(25, 40, 0.2),
  painting: hour(35, 55),
  hvac: visit(85, 120),
  roofing: visit(250, 400, 0.9),
  'general-maintenance': hour(35, 50),
  construction: hour(60, 90, 0.8),
  'pest-control': visit(75, 120),
  'appliance-repair': visit(65, 95),
  locksmith: visit(60, 90),
  solar: visit(150, 250, 0.9),
  pool: visit(60, 90, 0.3),
  moving: hour(90, 140, 0.5),
  photography: hour(100, 175, 0.5),
  'event-staff': hour(25, 35, 0.1),
  catering: visit(350, 800, 0.9),
  dj: hour(100, 150, 0.4),
  'event-decor': visit(200, 450, 0.9),
  'pet-grooming': visit(45, 75, 0.5),
  'dog-walking': visit(18, 25, 0.1),
  'pet-training': hour(50, 75, 0.2),
  'pet-sitting': visit(30, 45, 0.2),
  'auto-repair': hour(60, 90, 0.5),
  'car-detailing': visit(90, 180, 0.7),
  tutoring: hour(25, 45, 0.1),
};

const fallback = hour(40, 70);

/** One provider's rate from `next()` draws in 0..1; about one in ten states none. */
export function islandRate(slug: string, next: () => number): ProviderRate | null {
  if (next() < 0.1) return null;
  const trade = tradeRates[slug] ?? fallback;
  const dollars = Math.round((trade.min + next() * (trade.max - trade.min)) / 5) * 5;
  return { amount_cents: Math.max(dollars, 5) * 100, unit: trade.unit, from: next() < trade.from };
}
