// Upload, then publish (spec sections 2 and 4): the upload area with its progress bar and
// 'Амжилттай хуулагдлаа.', then the form with the video's name, the translate doc url and 'Нийтлэх',
// enabled only after a successful upload. The name is the administrator's to give: it starts empty
// (not as the file's name) and an empty or blank one is refused with 'Видеоны нэрээ оруулна уу.'.
// Publishing reloads the list and resets the input.
import { Alert, ApiError, Button, TextField, useTranslation } from '@learning/platform';
import { useId, useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { usePublishVideo, type VideoKind } from '../../videos';
import { UploadArea } from './UploadArea';
import { useVideoUpload } from './useVideoUpload';

export function UploadAndPublish({ kind }: { kind: VideoKind }) {
  const { t } = useTranslation('admin');
  const needsUploadId = useId();
  const upload = useVideoUpload(kind);
  const publish = usePublishVideo(kind);
  const [name, setName] = useState('');
  const [translateUrl, setTranslateUrl] = useState('');
  const [isNameTouched, setNameTouched] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const { state } = upload;
  const uploaded = state.step === 'success' ? state.video : null;
  const nameError = isNameTouched && !name.trim() ? t('videos.publish.nameRequired') : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!uploaded) return;
    setNameTouched(true);
    if (!name.trim()) {
      event.currentTarget.querySelector<HTMLInputElement>('[name="name"]')?.focus();
      return;
    }
    publish.mutate(
      { id: uploaded._id, name: name.trim(), translateUrl: translateUrl.trim() },
      {
        onSuccess: (video) => {
          setPublished(video?.name ?? name.trim());
          setName('');
          setTranslateUrl('');
          setNameTouched(false);
          upload.reset();
        },
      },
    );
  };

  return (
    <section className="admin-section admin-upload lp-card" aria-label={t('videos.upload.title')}>
      <h2>{t('videos.upload.title')}</h2>
      <UploadArea
        inputKey={upload.inputKey}
        isUploading={state.step === 'uploading'}
        onFile={(file) => {
          setPublished(null);
          publish.reset();
          upload.start(file);
        }}
        onNotAVideo={() => upload.refuse(new ApiError(0, t('videos.upload.notAVideo'), 'not_a_video'))}
      />
      {state.step === 'uploading' && (
        <div className="admin-progress">
          <label>
            <span>
              {t('videos.upload.progress')}: {state.fileName}
            </span>
            <progress max={100} value={state.progress} aria-valuetext={`${state.progress}%`} />
          </label>
          <span className="admin-progress__value" aria-hidden="true">
            {state.progress}%
          </span>
          <Button variant="subtle" onClick={upload.reset}>
            {t('videos.upload.cancel')}
          </Button>
        </div>
      )}
      {state.step === 'success' && (
        <Alert tone="success" title={t('videos.upload.success')}>
          {t('videos.upload.file', { name: state.fileName })}
        </Alert>
      )}
      {state.step === 'failed' && <ErrorNotice title={t('videos.upload.failed')} error={state.error} />}
      {published && <Alert tone="success" title={t('videos.publish.published')}>{published}</Alert>}

      <form className="admin-form" noValidate onSubmit={submit} aria-label={t('videos.publish.title')}>
        <ErrorNotice title={t('videos.publish.failed')} error={publish.error} />
        <div className="admin-form__row">
          <TextField
            label={t('videos.publish.name')}
            name="name"
            required
            autoComplete="off"
            value={name}
            error={nameError}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setNameTouched(true)}
          />
          <TextField
            label={t('videos.publish.translateUrl')}
            name="translateUrl"
            type="url"
            autoComplete="off"
            value={translateUrl}
            onChange={(event) => setTranslateUrl(event.target.value)}
          />
        </div>
        <div className="admin-form__actions">
          <Button type="submit" disabled={!uploaded} isLoading={publish.isPending} aria-describedby={uploaded ? undefined : needsUploadId}>
            {t('videos.publish.submit')}
          </Button>
          {!uploaded && (
            <span id={needsUploadId} className="admin-muted">
              {t('videos.publish.needsUpload')}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
