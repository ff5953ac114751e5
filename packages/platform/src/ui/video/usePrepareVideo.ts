// Prepares the <video> once per address, as soon as its metadata is known: from its loadedmetadata
// event, or from an effect when a fast (cached) load reported it before the element was in the page.
import { useEffect, useRef, type RefObject } from 'react';

/** Returns the handler of the <video>'s loadedmetadata; `prepare` runs once for each address. */
export function usePrepareVideo(video: RefObject<HTMLVideoElement | null>, src: string, prepare: (element: HTMLVideoElement) => void) {
  const prepared = useRef<string | null>(null);
  const prepareOnce = (element: HTMLVideoElement) => {
    if (prepared.current === src) return;
    prepared.current = src;
    prepare(element);
  };
  const latest = useRef(prepareOnce);
  useEffect(() => {
    latest.current = prepareOnce;
  });
  useEffect(() => {
    const element = video.current;
    if (element && element.readyState >= HTMLMediaElement.HAVE_METADATA) latest.current(element);
  }, [video, src]);
  return prepareOnce;
}
