// Where a video file is dropped or picked (accepts video/*), and the progress bar while it goes up.
import { useTranslation } from '@learning/platform';
import { useId, useState, type DragEvent } from 'react';

export interface UploadAreaProps {
  inputKey: number;
  isUploading: boolean;
  onFile: (file: File) => void;
  onNotAVideo: () => void;
}

export function UploadArea({ inputKey, isUploading, onFile, onNotAVideo }: UploadAreaProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [isOver, setOver] = useState(false);
  const take = (file: File | undefined) => {
    if (!file) return;
    if (file.type && !file.type.startsWith('video/')) onNotAVideo();
    else onFile(file);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!isUploading) take(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={`admin-drop${isOver ? ' admin-drop--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="video-drop"
    >
      <p>
        {t('videos.upload.drop')}{' '}
        <label htmlFor={id} className="admin-drop__pick">
          {t('videos.upload.pick')}
        </label>
      </p>
      <input
        key={inputKey}
        id={id}
        className="admin-drop__input"
        type="file"
        accept="video/*"
        disabled={isUploading}
        aria-label={t('videos.upload.input')}
        onChange={(event) => take(event.target.files?.[0])}
      />
      <p className="admin-muted">{t('videos.upload.accepts')}</p>
    </div>
  );
}
