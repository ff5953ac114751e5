// Recording the read-aloud in the browser (MediaRecorder over the microphone): asked for, recording,
// recorded (a blob the learner can listen to before sending), or refused by the learner or browser.
import { useEffect, useRef, useState } from 'react';

export type RecorderState =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'recording'; startedAt: number }
  | { step: 'recorded'; blob: Blob; url: string }
  | { step: 'refused' };

/** Opus first: small to send; the service stores it as one mp3 of a voice, near its size. */
const preferredTypes = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export function useRecorder() {
  const [state, setState] = useState<RecorderState>({ step: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recordingUrl = useRef<string | null>(null);
  const isMounted = useRef(true);

  const releaseMicrophone = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  const releaseRecording = () => {
    if (recordingUrl.current) URL.revokeObjectURL(recordingUrl.current);
    recordingUrl.current = null;
  };

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      releaseMicrophone();
      releaseRecording();
    };
  }, []);

  const start = async () => {
    releaseRecording();
    setState({ step: 'asking' });
    let microphone: MediaStream;
    try {
      microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      if (isMounted.current) setState({ step: 'refused' });
      return;
    }
    if (!isMounted.current) {
      microphone.getTracks().forEach((track) => track.stop());
      return;
    }
    stream.current = microphone;
    const mimeType = preferredTypes.find((type) => MediaRecorder.isTypeSupported?.(type));
    const next = new MediaRecorder(microphone, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    next.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    next.addEventListener('stop', () => {
      releaseMicrophone();
      if (!isMounted.current) return;
      const blob = new Blob(chunks, { type: next.mimeType || mimeType || 'audio/webm' });
      recordingUrl.current = URL.createObjectURL(blob);
      setState({ step: 'recorded', blob, url: recordingUrl.current });
    });
    recorder.current = next;
    next.start();
    setState({ step: 'recording', startedAt: Date.now() });
  };

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  /** Back to the start: the recording is dropped (after it was sent, or to record again). */
  const discard = () => {
    releaseRecording();
    setState({ step: 'idle' });
  };

  return { state, start, stop, discard };
}
