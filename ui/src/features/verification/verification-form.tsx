import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { licenceBoards, licenceNumberPattern, verificationLimits, type LicenceBoard } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { certificateProblem, requestVerification, verificationKeys } from '../../entities/verification/api.ts';
import { isApiError, problemText } from '../../lib/api-error.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

type Field = 'licence_number' | 'licence_board' | 'insurance_expires_on' | 'certificate';
type Problems = Partial<Record<Field, string>>;

/** Today as YYYY-MM-DD in the person's own calendar (the date input's minimum). */
function todayText(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function check(licence: string, board: string, expires: string, file: File | null): Problems {
  const problems: Problems = {};
  const number = licence.trim();
  if (!number) problems.licence_number = 'required';
  else if (number.length < verificationLimits.licenceNumberMinLength) problems.licence_number = 'too_short';
  else if (number.length > verificationLimits.licenceNumberMaxLength) problems.licence_number = 'too_long';
  else if (!licenceNumberPattern.test(number)) problems.licence_number = 'invalid_format';
  if (!board) problems.licence_board = 'required';
  if (!expires) problems.insurance_expires_on = 'required';
  else if (expires < todayText()) problems.insurance_expires_on = 'out_of_range';
  if (!file) problems.certificate = 'required';
  else {
    const problem = certificateProblem(file);
    if (problem) problems.certificate = problem;
  }
  return problems;
}

/** The request: licence or registration number, its board, the certificate of insurance and its expiry. */
export function VerificationForm() {
  const { t } = useTranslation(['verification', 'errors']);
  const queryClient = useQueryClient();
  const [licence, setLicence] = useState('');
  const [board, setBoard] = useState<LicenceBoard | ''>('');
  const [expires, setExpires] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const send = useMutation({
    mutationFn: requestVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
    onError: (error) => {
      if (isApiError(error) && error.details) setProblems(error.details as Problems);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(licence, board, expires, file);
    setProblems(found);
    if (Object.keys(found).length > 0 || !file || !board) return;
    send.mutate({ licence_number: licence.trim(), licence_board: board, insurance_expires_on: expires, certificate: file });
  }

  const words = {
    file_too_large: t('form.certificate_too_large'),
    file_type_not_supported: t('form.certificate_type'),
    out_of_range: t('form.expired'),
    invalid_format: t('form.licence_format'),
  };
  const errorOf = (field: Field) => fieldErrorText(t, problems[field], { words });
  const fileErrorCode = isApiError(send.error) && (send.error.code === 'file_too_large' || send.error.code === 'file_type_not_supported') ? send.error.code : null;

  return (
    <form className="verification-form" onSubmit={submit} noValidate aria-label={t('form.title')}>
      <FormField label={t('form.licence_number')} hint={t('form.licence_hint')} error={errorOf('licence_number')}>
        {(ids) => (
          <input {...ids} className="input" value={licence} onChange={(e) => setLicence(e.target.value)} maxLength={verificationLimits.licenceNumberMaxLength} autoComplete="off" />
        )}
      </FormField>
      <FormField label={t('form.board')} error={errorOf('licence_board')}>
        {(ids) => (
          <select {...ids} className="select" value={board} onChange={(e) => setBoard(e.target.value as LicenceBoard)}>
            <option value="">{t('form.choose_board')}</option>
            {licenceBoards.map((option) => (
              <option key={option} value={option}>
                {t(`boards.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('form.certificate')} hint={t('form.certificate_hint')} error={errorOf('certificate') ?? (fileErrorCode ? words[fileErrorCode] : null)}>
        {(ids) => <input {...ids} className="input" type="file" accept="application/pdf,image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </FormField>
      <FormField label={t('form.expires_on')} error={errorOf('insurance_expires_on')}>
        {(ids) => <input {...ids} className="input" type="date" min={todayText()} value={expires} onChange={(e) => setExpires(e.target.value)} />}
      </FormField>
      {send.isError && !fileErrorCode && !(isApiError(send.error) && send.error.details) && <ErrorAlert>{problemText(t, send.error)}</ErrorAlert>}
      <Button type="submit" variant="primary" busy={send.isPending}>
        {send.isPending ? t('form.sending') : t('form.send')}
      </Button>
    </form>
  );
}
