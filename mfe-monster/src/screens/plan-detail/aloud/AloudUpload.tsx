// The learner's read-aloud recording for the day: picked as a file (audio only) or recorded here
// with the microphone, then sent with a progress bar, for the day shown. Spec sections 4, 5 and 8.
import { Alert, Button, useTranslation } from '@learning/platform';
import { useEffect, useId, useState } from 'react';
import { mayBeAudio, recordingFile, type AloudDay } from '../../../day-materials';
import { useAloudUpload, type AloudUploadState } from './useAloudUpload';
import { canRecord, useRecorder } from './useRecorder';

export function AloudUpload({ day }: { day: AloudDay }) {
  const { t } = useTranslation('monster');
  const titleId = useId();
  const hintId = useId();
  const { state, fieldKey, send, refuse } = useAloudUpload(day);
  const isUploading = state.step === 'uploading';

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (mayBeAudio(file)) void send(file);
    else refuse(new Error(t('aloud.notAudio')));
  };

  return (
    <section className="aloud" aria-labelledby={titleId}>
      <h3 id={titleId} className="day-materials__title">
        {t('aloud.title')}
      </h3>
      <p className="aloud__lead">{t('aloud.lead')}</p>
      <div className="aloud__ways">
        <div className="aloud__way">
          <span className="aloud__label">{t('aloud.fileTitle')}</span>
          {/* The browser's own picker button speaks the browser's language: ours is the label. */}
          <label className="lp-button lp-button--secondary aloud__pick">
            <input
              key={fieldKey}
              className="lp-visually-hidden"
              type="file"
              name="video"
              accept="audio/*"
              disabled={isUploading}
              aria-describedby={hintId}
              onChange={(event) => pick(event.target.files?.[0])}
            />
            {t('aloud.pick')}
          </label>
          <p id={hintId} className="aloud__hint">
            {t('aloud.accepts')}
          </p>
        </div>
        {canRecord() && <Recorder isUploading={isUploading} onSend={(file) => send(file)} />}
      </div>
      <UploadStatus state={state} />
    </section>
  );
}

function UploadStatus({ state }: { state: AloudUploadState }) {
  const { t } = useTranslation('monster');
  switch (state.step) {
    case 'uploading':
      return (
        <div className="aloud__progress">
          <progress max={100} value={state.progress} aria-label={t('aloud.uploading')} aria-valuetext={`${state.progress}%`} />
          <span aria-hidden="true">{state.progress}%</span>
        </div>
      );
    case 'sent':
      return <Alert tone="success" title={t('aloud.success')} />;
    case 'failed':
      return <Alert title={state.error instanceof Error ? state.error.message : t('aloud.failed')} />;
    default:
      return null;
  }
}

/** Record, listen, then send or record again. A sent recording is dropped. */
function Recorder({ isUploading, onSend }: { isUploading: boolean; onSend: (file: File) => Promise<boolean> }) {
  const { t } = useTranslation('monster');
  const recorder = useRecorder();
  const { state } = recorder;

  const sendRecording = async (blob: Blob) => {
    if (await onSend(recordingFile(blob))) recorder.discard();
  };

  return (
    <div className="aloud__way aloud__recorder">
      <span className="aloud__label">{t('aloud.recordTitle')}</span>
      {state.step === 'recording' ? (
        <div className="aloud__row">
          <Button variant="danger" onClick={recorder.stop}>
            <span className="aloud__dot" aria-hidden="true" /> {t('aloud.stop')}
          </Button>
          <Elapsed since={state.startedAt} />
        </div>
      ) : state.step === 'recorded' ? (
        <div className="aloud__recorded">
          <audio controls src={state.url} aria-label={t('aloud.recorded')} />
          <div className="aloud__row">
            <Button onClick={() => void sendRecording(state.blob)} isLoading={isUploading}>
              {t('aloud.send')}
            </Button>
            <Button variant="secondary" onClick={() => void recorder.start()} disabled={isUploading}>
              {t('aloud.again')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="aloud__row">
          <Button variant="secondary" onClick={() => void recorder.start()} isLoading={state.step === 'asking'} disabled={isUploading}>
            <span className="aloud__dot" aria-hidden="true" /> {t('aloud.record')}
          </Button>
        </div>
      )}
      {state.step === 'refused' && <p className="aloud__hint aloud__hint--error" role="alert">{t('aloud.micRefused')}</p>}
    </div>
  );
}

function Elapsed({ since }: { since: number }) {
  const { t } = useTranslation('monster');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <span className="aloud__elapsed" role="timer" aria-live="off">
      {t('aloud.recording', { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` })}
    </span>
  );
}
