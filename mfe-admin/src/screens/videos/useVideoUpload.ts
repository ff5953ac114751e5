// The video upload of spec section 4: no file, then uploading (progress 0–100), then success (which
// enables Publish) or failure (which resets the file input). Leaving the page aborts an upload.
import { useQueryClient } from '@learning/platform';
import { useEffect, useRef, useState } from 'react';
import { videosKey } from '../../keys';
import { uploadVideo, type Video, type VideoKind } from '../../videos';

export type UploadState =
  | { step: 'idle' }
  | { step: 'uploading'; fileName: string; progress: number }
  | { step: 'success'; fileName: string; video: Video }
  | { step: 'failed'; error: unknown };

export function useVideoUpload(kind: VideoKind) {
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  // Bumped to give the file input a new, empty element (a failed upload resets it; so does publishing).
  const [inputKey, setInputKey] = useState(0);
  const running = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => () => running.current?.abort(), []);

  const start = (file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'uploading', fileName: file.name, progress: 0 });
    uploadVideo(kind, file, (progress) => !controller.signal.aborted && setState({ step: 'uploading', fileName: file.name, progress }), controller.signal).then(
      (video) => {
        if (controller.signal.aborted) return;
        setState({ step: 'success', fileName: file.name, video });
        // The list shows it, not yet published.
        void queryClient.invalidateQueries({ queryKey: videosKey(kind) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ step: 'failed', error });
        setInputKey((key) => key + 1);
      },
    );
  };

  const reset = () => {
    running.current?.abort();
    running.current = null;
    setState({ step: 'idle' });
    setInputKey((key) => key + 1);
  };

  /** Refuses a file that is not a video before sending it (the service checks the bytes again). */
  const refuse = (error: unknown) => {
    setState({ step: 'failed', error });
    setInputKey((key) => key + 1);
  };

  return { state, inputKey, start, reset, refuse };
}
