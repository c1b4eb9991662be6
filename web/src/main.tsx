import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createWebPlatform, initI18n } from '@resuelve/ui';
import '@resuelve/ui/styles.css';

const i18n = initI18n();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App platform={createWebPlatform()} routerKind="browser" i18n={i18n} />
  </StrictMode>,
);
