// The read-aloud upload of spec sections 4 and 8: the file is sent (progress 0–100); on success
// 'Амжилттай хуулагдлаа' shows; on failure it is hidden and the file field is reset. Leaving the
// page aborts an upload under way. The recording goes with the plan day it was made for.
import { useEffect, useRef, useState } from 'react';
import { uploadAloud, type AloudDay } from '../../../day-materials';

export type AloudUploadState =
  | { step: 'idle' }
  | { step: 'uploading'; progress: number }
  | { step: 'sent' }
  | { step: 'failed'; error: unknown };

export function useAloudUpload(day: AloudDay) {
  const [state, setState] = useState<AloudUploadState>({ step: 'idle' });
  // Bumped to give the file field a new, empty element.
  const [fieldKey, setFieldKey] = useState(0);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const resetField = () => setFieldKey((key) => key + 1);

  const send = (recording: File): Promise<boolean> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'uploading', progress: 0 });
    const onProgress = (progress: number) => {
      if (!controller.signal.aborted) setState({ step: 'uploading', progress });
    };
    return uploadAloud(recording, day, { onProgress, signal: controller.signal }).then(
      () => {
        if (controller.signal.aborted) return false;
        setState({ step: 'sent' });
        resetField();
        return true;
      },
      (error: unknown) => {
        if (controller.signal.aborted) return false;
        setState({ step: 'failed', error });
        resetField();
        return false;
      },
    );
  };

  /** A file refused before sending (not audio): as a failed upload, the field is reset. */
  const refuse = (error: unknown) => {
    setState({ step: 'failed', error });
    resetField();
  };

  return { state, fieldKey, send, refuse };
}
