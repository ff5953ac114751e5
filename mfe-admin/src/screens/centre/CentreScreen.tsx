// /administrator/centre: the centre's logo, which the header and every mail carry. The administrator
// sees the one shown now, uploads a PNG, JPEG or WebP picture (checked here before it is sent, with
// a progress bar while it goes), or removes an uploaded one to go back to CENTRE_LOGO_URL or none.
import { auth } from '@learning/contracts';
import { Alert, ApiError, Loader, LoadError, PageTitle, useCentre, useTranslation } from '@learning/platform';
import { useState } from 'react';
import { isUploadedLogo, logoProblemOf, useRemoveLogo, useUploadLogo } from '../../centre';
import { AdminSection } from '../../components/AdminSection';
import { ConfirmInline } from '../../components/ConfirmInline';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FilePickButton } from '../../components/FilePickButton';

export function CentreScreen() {
  const { t } = useTranslation('admin');
  const centre = useCentre();
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const send = useUploadLogo(setProgress);
  const remove = useRemoveLogo();

  const choose = (file: File) => {
    setDone(false);
    remove.reset();
    const problem = logoProblemOf(file);
    setRefusal(problem && t(`centre.${problem}`));
    if (problem) return;
    setProgress(0);
    send.mutate(file, { onSuccess: () => setDone(true) });
  };

  return (
    <>
      <PageTitle>{t('centre.title')}</PageTitle>
      <AdminSection title={t('centre.logo')}>
        <p className="admin-centre__lead">{t('centre.lead')}</p>
        {centre.isPending ? (
          <Loader />
        ) : centre.isError ? (
          <LoadError title={t('centre.loadError')} onRetry={() => void centre.refetch()} />
        ) : (
          <div className="admin-centre">
            <div className="admin-centre__now">
              {centre.data.logoUrl ? (
                <img className="admin-centre__logo" src={centre.data.logoUrl} alt={t('centre.logoAlt', { name: centre.data.name })} width={96} height={96} />
              ) : (
                <span className="admin-centre__logo admin-centre__logo--none">{t('centre.none')}</span>
              )}
              <p className="admin-centre__source">{t(isUploadedLogo(centre.data) ? 'centre.uploaded' : centre.data.logoUrl ? 'centre.configured' : 'centre.notSet')}</p>
            </div>
            <div className="admin-centre__actions">
              <FilePickButton label={t('centre.pick')} accept={auth.centreLogo.types.join(',')} className="lp-button lp-button--primary" isBusy={send.isPending} onPick={choose} />
              {isUploadedLogo(centre.data) && (
                <ConfirmInline label={t('centre.remove')} question={t('centre.removeQuestion')} isLoading={remove.isPending} onConfirm={() => remove.mutate()} />
              )}
            </div>
            <p className="admin-centre__note">{t('centre.accepts')}</p>
            {send.isPending && (
              <div role="status">
                {t('centre.uploading')} <progress max={100} value={progress} aria-valuetext={`${progress}%`} />
              </div>
            )}
            {isDone && <Alert tone="success" title={t('centre.saved')} />}
            {refusal && <Alert title={refusal} />}
            {send.isError && <Alert title={`${t('centre.failed')} ${send.error instanceof ApiError ? send.error.message : ''}`.trim()} />}
            <ErrorNotice title={t('centre.removeFailed')} error={remove.error} />
          </div>
        )}
      </AdminSection>
    </>
  );
}
