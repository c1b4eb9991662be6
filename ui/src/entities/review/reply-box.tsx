import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewLimits } from '@resuelve/contract';
import { replyToReview } from './api.ts';
import type { Review } from './api.ts';
import { useReviewChange } from './use-review-change.ts';
import { Button } from '../../components/button.tsx';
import './review.css';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** The provider's one public reply to a review: shown with an edit button, or a Reply button that opens the box to write it. */
export function ReplyBox({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? '');
  const [missing, setMissing] = useState(false);
  const change = useReviewChange((reply: string) => replyToReview(review.id, reply));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    if (await change.run(text.trim(), t('console.replied'))) setEditing(false);
  }

  if (!review.reply && !editing) {
    return (
      <div className="reply-box__actions wrap-row">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            change.clearProblem();
            setEditing(true);
          }}
        >
          {t('console.reply')}
        </Button>
      </div>
    );
  }
  if (review.reply && !editing) {
    return (
      <div className="reply-box__reply">
        <p className="reply-box__reply-title">{t('card.reply_title', { provider: review.provider_name })}</p>
        <p className="reply-box__reply-text">{review.reply.text}</p>
        <Button
          variant="quiet"
          size="sm"
          onClick={() => {
            setText(review.reply?.text ?? '');
            setEditing(true);
          }}
        >
          {t('console.reply_edit')}
        </Button>
      </div>
    );
  }
  return (
    <form className="reply-box__form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="reply-box__label">
        {t('console.reply_label')}
      </label>
      <textarea
        id={id}
        className="input"
        rows={3}
        // Opened by the person's own press of Reply or Edit reply: the box is where they type next.
        autoFocus
        maxLength={reviewLimits.replyMaxLength}
        value={text}
        aria-invalid={missing ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          setMissing(false);
        }}
      />
      <p id={`${id}-hint`} className="muted reply-box__hint">
        {missing ? <span className="field-error">{t('console.reply_required')}</span> : t('console.reply_hint')}
      </p>
      <ErrorAlert>{change.problem}</ErrorAlert>
      <div className="reply-box__actions wrap-row">
        <Button type="submit" variant="primary" busy={change.pending}>
          {review.reply ? t('console.reply_update') : t('console.reply_save')}
        </Button>
        <Button
          variant="quiet"
          onClick={() => {
            setText(review.reply?.text ?? '');
            setMissing(false);
            setEditing(false);
          }}
        >
          {t('console.reply_cancel')}
        </Button>
      </div>
    </form>
  );
}
