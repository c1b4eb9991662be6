// The router's entry for /client/*; each screen lives in its own file.
export { ClientHomePage } from './home-page.tsx';
export { ClientAppointmentsPage } from './appointments-page.tsx';
export { ClientHistoryPage } from './history-page.tsx';
export { ClientJobPage } from './job-detail-page.tsx';
export { ClientProfilePage } from './client-profile-page.tsx';
export { ClientReviewsPage } from './reviews-page.tsx';
