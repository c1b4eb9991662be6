import { vi } from 'vitest';
import { useLocation } from 'react-router';

/**
 * The landing, auth and system screens belong to their own features and tests; here they are
 * stand-ins that show what the shell hands them (the remembered origin, the retry callback).
 */
vi.mock('../src/features/landing/landing-page.tsx', () => ({ LandingPage: () => <h1>landing page</h1> }));
vi.mock('../src/features/auth/auth-page.tsx', () => ({
  AuthPage: () => {
    const location = useLocation();
    const from = (location.state as { from?: string } | null)?.from ?? 'none';
    return <h1>auth page {location.search} from {from}</h1>;
  },
}));
vi.mock('../src/features/auth/reset-password-page.tsx', () => ({ ResetPasswordPage: () => <h1>reset password page</h1> }));
vi.mock('../src/features/auth/verify-email-page.tsx', () => ({ VerifyEmailPage: () => <h1>verify email page</h1> }));
vi.mock('../src/features/system/not-found-page.tsx', () => ({ NotFoundPage: () => <h1>not found page</h1> }));
vi.mock('../src/features/dev/outbox-page.tsx', () => ({ OutboxPage: () => <h1>outbox page</h1> }));
vi.mock('../src/features/system/service-unavailable.tsx', () => ({
  ServiceUnavailable: ({ onRetry }: { onRetry: () => void }) => (
    <div>
      <h1>service unavailable</h1>
      <button type="button" onClick={onRetry}>
        try again
      </button>
    </div>
  ),
}));
