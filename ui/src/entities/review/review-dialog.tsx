import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewLimits } from '@resuelve/contract';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { createReview, updateReview, type Review, type ReviewInput } from './api.ts';
import { StarRatingInput } from './star-rating-input.tsx';
import { useReviewChange } from './use-review-change.ts';
import './review.css';

export interface ReviewDialogProps {
  providerId: string;
  providerName: string;
  /** The completed job a new review is about (one review per job). */
  jobId?: string;
  /** The review being edited. */
  existing?: Review | null;
  onClose: () => void;
  /** After the review was saved (the dialog closes itself too). */
  onSaved?: () => void;
}

/** The review dialog of SPEC.md §2: a rating from 1 to 5 and a comment; submit, or update an existing review. */
export function ReviewDialog({ providerId, providerName, jobId, existing, onClose, onSaved }: ReviewDialogProps) {
  const { t } = useTranslation('reviews');
  const commentId = useId();
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [missing, setMissing] = useState(false);
  const change = useReviewChange((input: ReviewInput) => (existing ? updateReview(existing.id, input) : createReview(providerId, jobId ? { ...input, job_id: jobId } : input)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === null) {
      setMissing(true);
      return;
    }
    const saved = await change.run({ rating, comment: comment.trim() }, t(existing ? 'dialog.updated' : 'dialog.saved'));
    if (saved) {
      onSaved?.();
      onClose();
    }
  }

  return (
    <Dialog title={t(existing ? 'dialog.title_edit' : 'dialog.title_new', { provider: providerName })} onClose={onClose} className="review-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <StarRatingInput
          value={rating}
          onChange={(value) => {
            setRating(value);
            setMissing(false);
          }}
          error={missing ? t('dialog.rating_required') : null}
        />
        <label className="field" htmlFor={commentId}>
          <span>{t('dialog.comment')}</span>
        </label>
        <textarea
          id={commentId}
          className="input review-dialog__comment"
          rows={4}
          maxLength={reviewLimits.commentMaxLength}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-describedby={`${commentId}-hint`}
        />
        <p id={`${commentId}-hint`} className="muted review-dialog__hint">
          {t('dialog.comment_hint', { count: comment.length, max: reviewLimits.commentMaxLength })}
        </p>
        <DialogFormActions
          problem={change.problem}
          closeLabel={t('dialog.cancel')}
          onClose={onClose}
          submitLabel={change.pending ? t('dialog.sending') : t(existing ? 'dialog.update' : 'dialog.submit')}
          pending={change.pending}
        />
      </form>
    </Dialog>
  );
}
