/** The product's domain modules, each a hapi plugin taking the app context. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../server.ts';
import { categoriesModule } from './categories/index.ts';

export const domainModules: Plugin<AppContext>[] = [
  categoriesModule,
];
