import { useEffect, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { projectLimits } from '@resuelve/contract';
import { ProjectPicture } from '../../entities/project/project-picture.tsx';
import type { PhotoItem, PhotoList } from './use-photo-list.ts';
import { Button } from '../../components/button.tsx';

/**
 * The dialog's photos: pick PNG or JPEG files (they upload at once, each with its progress), then
 * order them by dragging, by the arrow keys on a photo's handle or by its move buttons (touch),
 * choose the cover and remove any. A live region says where a moved photo went.
 */
export function PhotoPicker({ photos, error }: { photos: PhotoList; error: string | null }) {
  const { t } = useTranslation('portfolio');
  const input = useRef<HTMLInputElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const { items } = photos;

  useEffect(() => {
    if (!focusAfterMove) return;
    handles.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, items]);

  function moveTo(item: PhotoItem, index: number) {
    const to = Math.max(0, Math.min(index, items.length - 1));
    if (to === items.indexOf(item)) return;
    photos.move(item.key, to);
    setFocusAfterMove(item.key);
    setAnnouncement(t('photos.moved', { number: to + 1, count: items.length }));
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, item: PhotoItem) {
    const at = items.indexOf(item);
    const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: items.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveTo(item, to);
  }

  function onDrop(event: DragEvent<HTMLLIElement>, target: PhotoItem) {
    event.preventDefault();
    const item = items.find((found) => found.key === dragged);
    setDragged(null);
    if (item) moveTo(item, items.indexOf(target));
  }

  return (
    <fieldset className="photo-picker">
      <legend>{t('photos.legend')}</legend>
      <p className="field-hint">{t('photos.hint', { max: projectLimits.imagesMax })}</p>
      {items.length > 0 && (
        <ol className="bare-list photo-picker__list">
          {items.map((item, index) => (
            <li
              key={item.key}
              className={`photo-tile${dragged === item.key ? ' photo-tile--dragged' : ''}${item.status === 'failed' ? ' photo-tile--failed' : ''}`}
              draggable={item.status === 'ready'}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.key);
                setDragged(item.key);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => onDrop(event, item)}
              data-testid="photo-tile"
            >
              <div className="photo-tile__picture">
                {item.image ? (
                  <ProjectPicture image={item.image} alt={t('photos.photo_alt', { number: index + 1 })} sizes="160px" />
                ) : item.preview ? (
                  <img className="photo-tile__preview" src={item.preview} alt={t('photos.photo_alt', { number: index + 1 })} />
                ) : (
                  <span className="photo-tile__blank" aria-hidden="true" />
                )}
                {item.status === 'uploading' && (
                  <progress className="photo-tile__progress" max={1} value={item.progress} aria-label={t('photos.uploading', { name: item.name })} />
                )}
                {photos.cover === item.key && <span className="photo-tile__badge">{t('photos.cover_badge')}</span>}
              </div>
              {item.status === 'failed' ? (
                <p className="field-error photo-tile__problem" role="alert">
                  {t(`errors:${item.problem ?? 'unexpected'}`, { defaultValue: t('photos.failed') })}
                </p>
              ) : (
                <label className="photo-tile__cover">
                  <input type="radio" name="cover" checked={photos.cover === item.key} onChange={() => photos.setCover(item.key)} disabled={item.status !== 'ready'} />
                  {t('photos.cover')}
                </label>
              )}
              <div className="photo-tile__actions">
                <button
                  type="button"
                  className="photo-tile__handle"
                  ref={(node) => {
                    if (node) handles.current.set(item.key, node);
                    else handles.current.delete(item.key);
                  }}
                  aria-label={t('photos.handle', { number: index + 1, count: items.length })}
                  aria-describedby="photo-picker-keys"
                  onKeyDown={(event) => onHandleKey(event, item)}
                >
                  ⠿
                </button>
                <button type="button" className="photo-tile__button" onClick={() => moveTo(item, index - 1)} disabled={index === 0} aria-label={t('photos.move_earlier')}>
                  ←
                </button>
                <button type="button" className="photo-tile__button" onClick={() => moveTo(item, index + 1)} disabled={index === items.length - 1} aria-label={t('photos.move_later')}>
                  →
                </button>
                {item.status === 'failed' && item.file && (
                  <button type="button" className="photo-tile__button" onClick={() => photos.retry(item.key)}>
                    {t('photos.retry')}
                  </button>
                )}
                <button type="button" className="photo-tile__button photo-tile__remove" onClick={() => photos.remove(item.key)} aria-label={t('photos.remove', { number: index + 1 })}>
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p id="photo-picker-keys" className="visually-hidden">
        {t('photos.keys')}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {items.length < projectLimits.imagesMax && (
        <Button variant="secondary" className="photo-picker__add" onClick={() => input.current?.click()}>
          {t('photos.add')}
        </Button>
      )}
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg"
        multiple
        tabIndex={-1}
        aria-label={t('photos.add')}
        data-testid="photo-input"
        onChange={(event) => {
          photos.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {photos.refused && <p className="field-error">{t(`errors:${photos.refused}`)}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
