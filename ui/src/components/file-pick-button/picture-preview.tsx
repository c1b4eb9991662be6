import type { ReactNode } from 'react';

/** A square picture being chosen: the image, or what stands in for it; busy while it uploads. */
export function PicturePreview(props: { className: string; src: string | null | undefined; alt: string; size: number; busy: boolean; placeholderClassName: string; placeholder: ReactNode }) {
  return (
    <div className={props.className} aria-busy={props.busy}>
      {props.src ? (
        <img src={props.src} alt={props.alt} width={props.size} height={props.size} />
      ) : (
        <span className={props.placeholderClassName} aria-hidden="true">
          {props.placeholder}
        </span>
      )}
    </div>
  );
}
