import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { getPlatform, hasPlatform } from '../platform/index.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type Report = (key: string, dirty: boolean) => void;

const UnsavedContext = createContext<Report>(() => undefined);

/**
 * Asks before leaving a screen whose forms hold unsaved changes: another screen of the app
 * (react-router's blocker, with a confirm dialog) or closing and reloading the tab (beforeunload,
 * the browser's own question). Forms inside say whether they are dirty with useUnsavedChanges.
 * The words come from the screen using it, in its own namespace.
 */
export interface UnsavedTexts {
  title: string;
  message: string;
  leave: string;
  stay: string;
}

export function UnsavedChangesGuard({ texts, children }: { texts: UnsavedTexts; children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((key, dirty) => {
    setDirtyForms((prev) => {
      if (prev.has(key) === dirty) return prev;
      const next = new Set(prev);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const dirty = dirtyForms.size > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    // The desktop's main process asks before its window closes (a native dialog in the person's language).
    if (!dirty || !hasPlatform()) return;
    const platform = getPlatform();
    platform.setUnsaved?.(true);
    return () => platform.setUnsaved?.(false);
  }, [dirty]);

  useEffect(() => {
    // Electron cancels a close that beforeunload objects to without asking anybody (unless the main
    // process answers `will-prevent-unload`), so the desktop window would refuse to close: web only.
    if (!dirty || (hasPlatform() && getPlatform().kind === 'desktop')) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <UnsavedContext.Provider value={report}>
      {children}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={texts.title}
          message={texts.message}
          confirmLabel={texts.leave}
          cancelLabel={texts.stay}
          destructive
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      ) : null}
    </UnsavedContext.Provider>
  );
}

/** Tell the surrounding UnsavedChangesGuard whether this form has changes not saved yet. */
export function useUnsavedChanges(dirty: boolean): void {
  const report = useContext(UnsavedContext);
  const key = useId();
  useEffect(() => {
    report(key, dirty);
  }, [report, key, dirty]);
  useEffect(() => () => report(key, false), [report, key]);
}
