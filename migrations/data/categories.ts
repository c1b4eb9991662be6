/**
 * The service categories every install starts with (SPEC.md §1, §3), in Spanish and English, with
 * the words people search by. `interest` marks the client interest list of SPEC.md §3.
 */
export interface CategorySeed {
  slug: string;
  group: 'home' | 'events' | 'personal_care' | 'pets' | 'auto' | 'lessons';
  es: string;
  en: string;
  keywordsEs: string;
  keywordsEn: string;
  interest?: boolean;
}

export const categorySeeds: CategorySeed[] = [
  { slug: 'plumbing', group: 'home', es: 'Plomería', en: 'Plumbing', keywordsEs: 'plomero tuberías fugas desagüe calentador inodoro', keywordsEn: 'plumber pipes leaks drain water heater toilet', interest: true },
  { slug: 'electrical', group: 'home', es: 'Electricidad', en: 'Electrical', keywordsEs: 'electricista cableado breaker planta eléctrica generador', keywordsEn: 'electrician wiring breaker generator outlets', interest: true },
  { slug: 'carpentry', group: 'home', es: 'Carpintería', en: 'Carpentry', keywordsEs: 'carpintero gabinetes puertas madera closets', keywordsEn: 'carpenter cabinets doors wood closets', interest: true },
  { slug: 'landscaping', group: 'home', es: 'Jardinería y paisajismo', en: 'Landscaping', keywordsEs: 'jardinero grama poda patio árboles', keywordsEn: 'gardener lawn mowing yard trees', interest: true },
  { slug: 'cleaning', group: 'home', es: 'Limpieza', en: 'Cleaning', keywordsEs: 'limpieza hogar oficina mudanza profunda', keywordsEn: 'house cleaning office deep clean maid', interest: true },
  { slug: 'painting', group: 'home', es: 'Pintura', en: 'Painting', keywordsEs: 'pintor paredes sellado techo interior exterior', keywordsEn: 'painter walls interior exterior', interest: true },
  { slug: 'hvac', group: 'home', es: 'Aire acondicionado', en: 'Air conditioning (HVAC)', keywordsEs: 'aire acondicionado consola split técnico refrigeración', keywordsEn: 'hvac air conditioner ac split cooling', interest: true },
  { slug: 'roofing', group: 'home', es: 'Techos e impermeabilización', en: 'Roofing', keywordsEs: 'techo sellado impermeabilización filtraciones', keywordsEn: 'roof sealing waterproofing leaks', interest: true },
  { slug: 'general-maintenance', group: 'home', es: 'Mantenimiento general', en: 'General maintenance', keywordsEs: 'mantenimiento reparaciones chapucero handyman arreglos', keywordsEn: 'handyman repairs maintenance fix', interest: true },
  { slug: 'construction', group: 'home', es: 'Construcción y remodelación', en: 'Construction and remodeling', keywordsEs: 'contratista construcción remodelación albañil cemento', keywordsEn: 'contractor construction remodeling mason concrete', interest: true },
  { slug: 'pest-control', group: 'home', es: 'Control de plagas', en: 'Pest control', keywordsEs: 'fumigación plagas comején cucarachas', keywordsEn: 'exterminator pests termites fumigation', },
  { slug: 'appliance-repair', group: 'home', es: 'Reparación de enseres', en: 'Appliance repair', keywordsEs: 'nevera lavadora secadora estufa enseres', keywordsEn: 'fridge washer dryer stove appliances' },
  { slug: 'locksmith', group: 'home', es: 'Cerrajería', en: 'Locksmith', keywordsEs: 'cerrajero cerraduras llaves', keywordsEn: 'locks keys lockout' },
  { slug: 'solar', group: 'home', es: 'Placas solares y baterías', en: 'Solar panels and batteries', keywordsEs: 'solar placas baterías inversor', keywordsEn: 'solar panels batteries inverter' },
  { slug: 'pool', group: 'home', es: 'Mantenimiento de piscinas', en: 'Pool maintenance', keywordsEs: 'piscina cloro limpieza bomba', keywordsEn: 'pool cleaning chlorine pump' },
  { slug: 'moving', group: 'home', es: 'Mudanzas', en: 'Moving', keywordsEs: 'mudanza acarreo camión', keywordsEn: 'movers hauling truck' },
  { slug: 'photography', group: 'events', es: 'Fotografía', en: 'Photography', keywordsEs: 'fotógrafo bodas quinceañero retratos video', keywordsEn: 'photographer wedding portraits video' },
  { slug: 'event-staff', group: 'events', es: 'Personal para eventos', en: 'Event staff', keywordsEs: 'meseros bartender montaje eventos', keywordsEn: 'waiters bartender servers setup events' },
  { slug: 'catering', group: 'events', es: 'Catering', en: 'Catering', keywordsEs: 'comida banquetes chef lechón', keywordsEn: 'food banquet chef' },
  { slug: 'dj', group: 'events', es: 'DJ y música', en: 'DJ and music', keywordsEs: 'dj música sonido bomba plena', keywordsEn: 'dj music sound band' },
  { slug: 'event-decor', group: 'events', es: 'Decoración de eventos', en: 'Event decoration', keywordsEs: 'decoración globos flores', keywordsEn: 'decor balloons flowers' },
  { slug: 'hair', group: 'personal_care', es: 'Peluquería y barbería', en: 'Hair and barber', keywordsEs: 'estilista barbero corte peinado', keywordsEn: 'stylist barber haircut' },
  { slug: 'nails', group: 'personal_care', es: 'Uñas', en: 'Nails', keywordsEs: 'manicura pedicura uñas acrílicas', keywordsEn: 'manicure pedicure acrylic' },
  { slug: 'massage', group: 'personal_care', es: 'Masajes', en: 'Massage', keywordsEs: 'masajista terapia relajante', keywordsEn: 'massage therapist relaxing' },
  { slug: 'makeup', group: 'personal_care', es: 'Maquillaje', en: 'Makeup', keywordsEs: 'maquillista novias eventos', keywordsEn: 'makeup artist bridal' },
  { slug: 'pet-grooming', group: 'pets', es: 'Grooming de mascotas', en: 'Pet grooming', keywordsEs: 'grooming perros gatos baño recorte', keywordsEn: 'groomer dog cat bath trim' },
  { slug: 'dog-walking', group: 'pets', es: 'Paseo de perros', en: 'Dog walking', keywordsEs: 'paseador perros', keywordsEn: 'dog walker' },
  { slug: 'pet-training', group: 'pets', es: 'Adiestramiento de mascotas', en: 'Pet training', keywordsEs: 'entrenador adiestrador perros obediencia', keywordsEn: 'dog trainer obedience' },
  { slug: 'pet-sitting', group: 'pets', es: 'Cuidado de mascotas', en: 'Pet sitting', keywordsEs: 'cuidador mascotas hospedaje', keywordsEn: 'pet sitter boarding' },
  { slug: 'auto-repair', group: 'auto', es: 'Mecánica automotriz', en: 'Auto repair', keywordsEs: 'mecánico carro gomas frenos', keywordsEn: 'mechanic car tires brakes' },
  { slug: 'car-detailing', group: 'auto', es: 'Lavado y detallado de autos', en: 'Car detailing', keywordsEs: 'lavado carro detallado', keywordsEn: 'car wash detailing' },
  { slug: 'tutoring', group: 'lessons', es: 'Tutorías', en: 'Tutoring', keywordsEs: 'tutor clases matemáticas inglés', keywordsEn: 'tutor lessons math english' },
];
