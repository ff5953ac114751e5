// A brochure PDF opened with pdf.js, page by page. pdf.js is big (its worker bigger still),
// so it is its own chunk, loaded the first time a brochure opens, never on /home's first visit; its
// worker is a separate file beside it (an asset, already minified upstream), started as a module worker.
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

export interface PageSize {
  width: number;
  height: number;
}

export interface Brochure {
  pageCount: number;
  /** Each page's size at scale 1, in CSS pixels. */
  pageSizes: PageSize[];
  /**
   * Draws a page into the canvas at this CSS width, sharp on high-density screens (up to
   * maxCanvasPixels). The canvas keeps its old picture until the new one is ready, so a page
   * drawn again at another zoom shows stretched for a moment rather than blank.
   */
  drawPage(pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): { done: Promise<void>; cancel(): void };
  close(): void;
}

type Pdfjs = typeof import('pdfjs-dist');
let pdfjs: Promise<Pdfjs> | null = null;

function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist').then(
    (library) => {
      const workerUrl = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);
      library.GlobalWorkerOptions.workerPort = new Worker(workerUrl, { type: 'module' });
      return library;
    },
    (error: unknown) => {
      pdfjs = null; // a chunk that failed to load is tried again next time
      throw error;
    },
  );
  return pdfjs;
}

export async function openBrochure(url: string, signal: AbortSignal): Promise<Brochure> {
  const library = await loadPdfjs();
  // No eval: the gateway's CSP allows none, and pdf.js draws fonts without it.
  const loading = library.getDocument({ url, isEvalSupported: false });
  const stop = () => void loading.destroy();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const document = await loading.promise;
    const pages = await Promise.all(Array.from({ length: document.numPages }, (_, index) => document.getPage(index + 1)));
    const pageSizes = pages.map((page) => {
      const { width, height } = page.getViewport({ scale: 1 });
      return { width, height };
    });
    return { pageCount: document.numPages, pageSizes, drawPage: (pageNumber, canvas, cssWidth) => drawPage(document, pageNumber, canvas, cssWidth), close: stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * The most pixels one page's canvas gets (8.4 million, 32 MB): every page of the brochure is drawn,
 * and at 300 % on a phone one page alone would near iOS Safari's canvas limit (16.7 million). Past
 * it a page is drawn with fewer pixels than the screen has, still far sharper than stretched.
 */
export const maxCanvasPixels = 2 ** 23;

function drawPage(document: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number) {
  let task: RenderTask | null = null;
  let isCancelled = false;
  const done = (async () => {
    const page = await document.getPage(pageNumber);
    if (isCancelled) return;
    const size = page.getViewport({ scale: 1 });
    const screenScale = (cssWidth / size.width) * (window.devicePixelRatio || 1);
    const scale = Math.min(screenScale, Math.sqrt(maxCanvasPixels / (size.width * size.height)));
    const viewport = page.getViewport({ scale });
    const drawing = canvas.ownerDocument.createElement('canvas');
    drawing.width = Math.floor(viewport.width);
    drawing.height = Math.floor(viewport.height);
    try {
      task = page.render({ canvas: drawing, viewport });
      await task.promise;
      if (isCancelled) return;
      canvas.width = drawing.width;
      canvas.height = drawing.height;
      canvas.getContext('2d')?.drawImage(drawing, 0, 0);
    } finally {
      // Its pixels go now rather than whenever the garbage collector comes (Safari counts them).
      drawing.width = 0;
      drawing.height = 0;
    }
  })();
  return {
    done,
    cancel: () => {
      isCancelled = true;
      task?.cancel();
    },
  };
}
