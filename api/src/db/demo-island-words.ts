/**
 * The words the demo island is made of: Puerto Rican names, street names, company patterns,
 * descriptions (Spanish, with English where local businesses use it) and review comments.
 */
export const firstNames = [
  'José', 'Luis', 'Carlos', 'Juan', 'Miguel', 'Ángel', 'Jorge', 'Rafael', 'Héctor', 'Edwin', 'Wilfredo', 'Javier', 'Ramón', 'Yadiel', 'Jeremy',
  'María', 'Carmen', 'Ana', 'Gladys', 'Yolanda', 'Lourdes', 'Zoraida', 'Nilda', 'Marisol', 'Keishla', 'Yarelis', 'Gabriela', 'Ivelisse', 'Glorimar', 'Nayeli',
];
export const lastNames = [
  'Rivera', 'Rodríguez', 'Colón', 'Vázquez', 'Santiago', 'Torres', 'Ortiz', 'Ramos', 'Pérez', 'Martínez', 'Cruz', 'Figueroa', 'Maldonado', 'Rosario', 'Díaz',
  'Negrón', 'Acevedo', 'Vélez', 'Meléndez', 'Quiñones', 'Báez', 'Pagán', 'Irizarry', 'Feliciano', 'Camacho', 'Ocasio', 'Nieves', 'Morales', 'Soto', 'Class',
];
export const streets = [
  'Calle Luna', 'Calle Sol', 'Calle Comercio', 'Calle Betances', 'Calle Degetau', 'Calle Muñoz Rivera', 'Calle José de Diego', 'Ave. Ponce de León',
  'Carr. 2', 'Carr. 3', 'Carr. 52', 'Calle Progreso', 'Calle Barbosa', 'Calle Hostos', 'Calle Palmer', 'Calle Marina', 'Urb. Las Flores', 'Bo. Pueblo',
];
/** The trade as people name it in a company name, per category; English where businesses use it. */
export const trades: Record<string, { es: string; en: string }> = {
  plumbing: { es: 'Plomería', en: 'Plumbing' },
  electrical: { es: 'Electricidad', en: 'Electric' },
  carpentry: { es: 'Carpintería', en: 'Woodworks' },
  landscaping: { es: 'Jardinería', en: 'Landscaping' },
  cleaning: { es: 'Limpieza', en: 'Cleaning Services' },
  painting: { es: 'Pintura', en: 'Painting' },
  hvac: { es: 'Aire Acondicionado', en: 'A/C & Refrigeration' },
  roofing: { es: 'Sellado de Techos', en: 'Roofing' },
  'general-maintenance': { es: 'Mantenimiento', en: 'Handyman' },
  construction: { es: 'Construcción', en: 'Builders' },
  'pest-control': { es: 'Fumigación', en: 'Pest Control' },
  'appliance-repair': { es: 'Reparación de Enseres', en: 'Appliance Repair' },
  locksmith: { es: 'Cerrajería', en: 'Locksmith' },
  solar: { es: 'Solar', en: 'Solar Power' },
  pool: { es: 'Piscinas', en: 'Pool Service' },
  moving: { es: 'Mudanzas', en: 'Movers' },
  photography: { es: 'Fotografía', en: 'Photography' },
  'event-staff': { es: 'Eventos', en: 'Event Staff' },
  catering: { es: 'Catering', en: 'Catering' },
  dj: { es: 'Música y Sonido', en: 'DJ Services' },
  'event-decor': { es: 'Decoraciones', en: 'Party Decor' },
  hair: { es: 'Barbería', en: 'Hair Studio' },
  nails: { es: 'Uñas', en: 'Nail Bar' },
  massage: { es: 'Masajes', en: 'Massage & Spa' },
  makeup: { es: 'Maquillaje', en: 'Makeup Studio' },
  'pet-grooming': { es: 'Grooming', en: 'Pet Grooming' },
  'dog-walking': { es: 'Paseo de Perros', en: 'Dog Walkers' },
  'pet-training': { es: 'Adiestramiento Canino', en: 'Dog Training' },
  'pet-sitting': { es: 'Cuido de Mascotas', en: 'Pet Sitters' },
  'auto-repair': { es: 'Mecánica', en: 'Auto Repair' },
  'car-detailing': { es: 'Car Wash', en: 'Auto Detailing' },
  tutoring: { es: 'Tutorías', en: 'Tutoring' },
};
export const flavours = ['Boricua', 'del Oeste', 'del Este', 'Isleña', 'Tropical', 'Coquí', 'del Caribe', 'Express', 'Pro', 'Borinquen', 'La Familia', '24/7'];

export const descriptionsEs = [
  'Servicio de {trade} en {place} y pueblos cercanos. Trabajo garantizado, precios justos y puntualidad.',
  'Más de {years} años ofreciendo servicios de {trade} en {place}. Estimados libres de costo y atención personalizada.',
  'Servicios de {trade} con experiencia y seguro. Llegamos a tiempo y explicamos cada paso.',
];
/** Only for the home group: materials, emergencies and commercial work make no sense for nails. */
export const descriptionsEsHome = [
  'Negocio familiar de {place}. Hacemos {trade} residencial y comercial con materiales de calidad.',
  'Atendemos emergencias de {trade} en el área de {place}. Aceptamos ATH Móvil y tarjetas.',
];
export const descriptionsEn = [
  '{trade} in {place} and nearby towns. Bilingual service, free estimates, guaranteed work.',
  'Family-owned business from {place}, {years} years of {trade}. Hablamos español and English.',
  'Licensed, insured {trade} serving {place}. On time, clean job, fair prices. ATH Móvil accepted.',
];
export const insuranceDetails = ['Póliza de responsabilidad pública vigente', 'Seguro comercial general', 'General liability insurance', 'Fianza y seguro al día'];

export const commentsEs: Record<number, string[]> = {
  5: ['Excelente servicio, muy profesional y puntual. ¡Lo recomiendo!', 'Llegó a tiempo y resolvió el problema rápido. Cien por ciento recomendado.', 'Trabajo impecable y precio justo. Lo vuelvo a llamar seguro.', 'Muy amable, explicó todo y dejó el área limpia.'],
  4: ['Buen trabajo, llegó un poco tarde pero cumplió.', 'Muy buen servicio, el precio un poco alto.', 'Quedé satisfecha con el resultado.'],
  3: ['El trabajo quedó bien, pero tuve que llamar varias veces.', 'Regular, cumplió pero se tardó más de lo acordado.'],
  2: ['Llegó tarde y el trabajo quedó a medias.', 'No quedé conforme, tuvo que volver dos veces.'],
  1: ['No llegó el día acordado y no avisó.', 'Mala experiencia, no lo recomiendo.'],
};
export const commentsEn: Record<number, string[]> = {
  5: ['Great service, on time and very professional. Highly recommended!', 'Fixed everything in one visit. Will hire again.', 'Friendly, fair price and spotless work.'],
  4: ['Good job overall, a bit late but worth it.', 'Solid work, slightly pricey.'],
  3: ['Okay result, communication could be better.', 'Did the job, took longer than promised.'],
  2: ['Arrived late and had to come back to finish.', 'Not happy with the finish.'],
  1: ['No-show on the agreed day, no call.', 'Bad experience, would not recommend.'],
};
export const jobTitlesEs = ['Visita de servicio', 'Reparación', 'Estimado e inspección', 'Instalación', 'Mantenimiento'];
export const jobTitlesEn = ['Service visit', 'Repair', 'Estimate and inspection', 'Installation', 'Maintenance'];
