export { ProviderDashboardPage as ProviderHomePage } from './dashboard-page.tsx';
export { ProviderJobPage } from './job-request-page.tsx';
