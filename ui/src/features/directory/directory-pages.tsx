// The router's entry for the directory, /providers and /providers/{id}; each screen lives in its own file.
export { ProviderSearchPage } from './provider-search-page.tsx';
export { ProviderProfilePage } from './provider-profile-page.tsx';
