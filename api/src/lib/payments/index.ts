/** What the rest of the api takes from payments: the processor the configuration names, the token cipher, the interface. */
import type { Config } from '../../config.ts';
import { createAthMovilProcessor } from './athmovil.ts';
import type { PaymentProcessor } from './processor.ts';

export * from './processor.ts';
export { centsToDollars, connectionTestReference, createAthMovilProcessor, dollarsToCents, type AthMovilOptions } from './athmovil.ts';
export { decryptToken, encryptToken, TokenCipherError } from './token-cipher.ts';

/**
 * The processor of `config.payments`: the real ATH Móvil at ATHMOVIL_BASE_URL, or the development
 * emulator `npm start` runs on ATHMOVIL_EMULATOR_PORT (demo payments, with its phone page).
 */
export function createProcessor(config: Config, options: { timeoutMs?: number } = {}): PaymentProcessor {
  const { baseUrl, emulator } = config.payments;
  return createAthMovilProcessor({
    baseUrl,
    demo: emulator,
    phonePageUrl: emulator ? `${baseUrl}/phone` : null,
    timeoutMs: options.timeoutMs ?? (emulator ? 5_000 : 15_000),
  });
}
