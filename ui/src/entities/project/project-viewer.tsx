import { useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '@resuelve/contract';
import { Dialog } from '../../components/dialog.tsx';
import { ProjectDetails } from './project-details.tsx';
import { ProjectPicture } from './project-picture.tsx';
import { Button } from '../../components/button.tsx';

/** A horizontal swipe at least this long (px) turns the photo. */
const swipeMin = 40;

export interface ProjectViewerProps {
  project: Project;
  /** The photo shown first (index in `project.images`). */
  start?: number;
  onClose: () => void;
  /** Beside the title: a like button, for those who may like. */
  actions?: ReactNode;
}

/**
 * A project's photos one at a time, with its details: the arrow keys and the buttons turn the
 * photo, a swipe does on touch screens, a thumbnail shows its photo, Escape closes (the Dialog
 * pattern keeps focus inside and gives it back to what opened it).
 */
export function ProjectViewer({ project, start = 0, onClose, actions }: ProjectViewerProps) {
  const { t } = useTranslation('portfolio');
  const [index, setIndex] = useState(Math.min(start, project.images.length - 1));
  const touchX = useRef<number | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  const count = project.images.length;
  const image = project.images[index];
  const turn = (step: number) => setIndex((current) => (current + step + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (count < 2) return;
    if (event.key === 'ArrowRight') turn(1);
    else if (event.key === 'ArrowLeft') turn(-1);
    else return;
    event.preventDefault();
  }

  function onTouchEnd(event: TouchEvent<HTMLDivElement>) {
    const from = touchX.current;
    touchX.current = null;
    const to = event.changedTouches[0]?.clientX;
    if (from === null || to === undefined || count < 2) return;
    if (to - from <= -swipeMin) turn(1);
    else if (to - from >= swipeMin) turn(-1);
  }

  return (
    <Dialog title={project.title} onClose={onClose} initialFocus={close} className="project-viewer confirm-dialog--scroll" closeOnBackdrop>
      <div className="project-viewer__body stack" onKeyDown={onKeyDown}>
        <div className="project-viewer__bar row">
          <p className="project-viewer__by muted">{project.provider_name}</p>
          {actions}
          <Button ref={close} variant="quiet" className="project-viewer__close" onClick={onClose}>
            {t('viewer.close')}
          </Button>
        </div>
        <div
          className="project-viewer__stage"
          onTouchStart={(event) => {
            touchX.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={onTouchEnd}
        >
          {image && (
            <ProjectPicture
              key={image.path}
              image={image}
              alt={t('viewer.photo_alt', { title: project.title, number: index + 1, count })}
              sizes="(max-width: 1100px) 100vw, 1000px"
              fit="whole"
              eager
            />
          )}
          {count > 1 && (
            <>
              <button type="button" className="project-viewer__turn project-viewer__turn--back" onClick={() => turn(-1)} aria-label={t('viewer.previous')}>
                ‹
              </button>
              <button type="button" className="project-viewer__turn project-viewer__turn--next" onClick={() => turn(1)} aria-label={t('viewer.next')}>
                ›
              </button>
            </>
          )}
        </div>
        <p className="project-viewer__count" aria-live="polite">
          {t('viewer.count', { number: index + 1, count })}
        </p>
        {count > 1 && (
          // Every photo one press away, the one shown marked.
          <ul className="bare-list project-viewer__thumbs">
            {project.images.map((thumb, i) => (
              <li key={thumb.path}>
                <button
                  type="button"
                  className="project-viewer__thumb"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={t('viewer.show_photo', { number: i + 1, count })}
                  onClick={() => setIndex(i)}
                >
                  <ProjectPicture image={thumb} alt="" sizes="96px" eager />
                </button>
              </li>
            ))}
          </ul>
        )}
        <ProjectDetails project={project} />
      </div>
    </Dialog>
  );
}
