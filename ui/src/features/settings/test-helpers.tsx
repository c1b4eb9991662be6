import type { ReactElement } from 'react';
import type { Profile } from '@resuelve/contract';
import type { SessionTransport } from '../../platform/index.ts';
import { profile } from '../../../test/helpers.tsx';
import { renderScreen } from '../../../test/render-screen.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes.tsx';
import { SettingsSection } from './settings-section.tsx';

export { apiError, json, mockApi } from '../../../test/fake-api.ts';
export type { ApiCall as Call } from '../../../test/fake-api.ts';
export { clientProfile, providerProfile } from '../../../test/profile-fixtures.ts';

export const clientUser: Profile = profile({ id: 'client-1', email: 'ana@example.pr' });
export const providerUser: Profile = profile({ id: 'provider-1', email: 'luis@example.pr', is_contractor: true, first_name: 'Luis' });

/** Render `element` at `path` as a signed-in person, with a screen at /elsewhere to leave to. */
export interface RenderOptions {
  user?: Profile;
  path?: string;
  session?: SessionTransport;
}

export function renderSignedIn(element: ReactElement, options: RenderOptions = {}) {
  return renderScreen(element, options.path ?? '/settings', {
    user: options.user ?? clientUser,
    session: options.session,
    staleTime: Infinity,
    where: false,
    routes: [{ path: '/elsewhere', element: <h1>elsewhere</h1> }],
  });
}

const unsavedTexts = { title: 'Leave?', message: 'Unsaved.', leave: 'Leave', stay: 'Stay' };

/** One settings section in its frame (skeleton, error boundary) and an unsaved-changes guard. */
export function renderSection(content: ReactElement, options: RenderOptions = {}) {
  return renderSignedIn(
    <UnsavedChangesGuard texts={unsavedTexts}>
      <SettingsSection id="under-test" title="Section under test">
        {content}
      </SettingsSection>
    </UnsavedChangesGuard>,
    options,
  );
}
