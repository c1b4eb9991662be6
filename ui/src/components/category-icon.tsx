/**
 * The one map from a category's slug to its icon (decision record 0028). Icons are lucide-react's
 * (ISC licence), drawn in the current text colour; an unknown slug (a category added later) gets
 * a neutral briefcase until it is mapped here.
 */
import {
  AirVent,
  Bone,
  BookOpen,
  Briefcase,
  Bath,
  Brush,
  Bug,
  Camera,
  Car,
  CarFront,
  ConciergeBell,
  Disc3,
  Dog,
  HardHat,
  Hammer,
  Hand,
  HandHeart,
  House,
  KeyRound,
  PaintRoller,
  PartyPopper,
  PawPrint,
  Settings2,
  Scissors,
  Sparkles,
  SunMedium,
  TreePalm,
  Truck,
  UtensilsCrossed,
  WashingMachine,
  Waves,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';

export const categoryIcons: Record<string, LucideIcon> = {
  plumbing: Wrench,
  electrical: Zap,
  carpentry: Hammer,
  landscaping: TreePalm,
  cleaning: Sparkles,
  painting: PaintRoller,
  hvac: AirVent,
  roofing: House,
  'general-maintenance': Settings2,
  construction: HardHat,
  'pest-control': Bug,
  'appliance-repair': WashingMachine,
  locksmith: KeyRound,
  solar: SunMedium,
  pool: Waves,
  moving: Truck,
  photography: Camera,
  'event-staff': ConciergeBell,
  catering: UtensilsCrossed,
  dj: Disc3,
  'event-decor': PartyPopper,
  hair: Scissors,
  nails: Hand,
  massage: HandHeart,
  makeup: Brush,
  'pet-grooming': Bath,
  'dog-walking': Dog,
  'pet-training': Bone,
  'pet-sitting': PawPrint,
  'auto-repair': Car,
  'car-detailing': CarFront,
  tutoring: BookOpen,
};

/** A category's icon, decorative (its name is always written beside it). */
export function CategoryIcon({ slug, size = 20, className }: { slug: string; size?: number; className?: string }) {
  const Icon = categoryIcons[slug] ?? Briefcase;
  return <Icon className={className} size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" data-icon={slug} />;
}
