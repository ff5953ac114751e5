// A multipart upload that reports its progress (spec section 4: "uploading (progress 0-100)"). fetch
// cannot tell how much of a request body has been sent, so this one call goes through
// XMLHttpRequest, with the same bearer token, payload envelope and ApiError as every other call.
import { payloadEncryptionHeader } from '@learning/contracts';
import { callHeaders, networkError, readAnswer } from './api';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called with whole percentages, 0 to 100, as the body is sent. */
  onProgress?: (percent: number) => void;
  /** Aborting rejects with a DOMException named AbortError, as fetch does. */
  signal?: AbortSignal;
}

export function upload<T>(path: string, form: FormData, { method = 'POST', onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [name, value] of Object.entries(callHeaders())) xhr.setRequestHeader(name, value);

    let reported = -1;
    const report = (percent: number) => {
      if (percent === reported) return;
      reported = percent;
      onProgress?.(percent);
    };
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) report(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    });
    xhr.upload.addEventListener('load', () => report(100));

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      settle();
      readAnswer<T>(xhr.status, xhr.getResponseHeader(payloadEncryptionHeader), xhr.responseText).then(resolve, reject);
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(networkError());
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    report(0);
    xhr.send(form);
  });
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError');
}
