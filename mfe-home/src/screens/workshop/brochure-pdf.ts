// A brochure PDF opened with pdf.js, page by page. pdf.js is big (~120 KB gzipped, its worker more),
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
  /** Draws a page into the canvas at this CSS width, sharp on high-density screens. */
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

function drawPage(document: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number) {
  let task: RenderTask | null = null;
  let isCancelled = false;
  const done = (async () => {
    const page = await document.getPage(pageNumber);
    if (isCancelled) return;
    const scale = (cssWidth / page.getViewport({ scale: 1 }).width) * (window.devicePixelRatio || 1);
    const viewport = page.getViewport({ scale });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    task = page.render({ canvas, viewport });
    await task.promise;
  })();
  return {
    done,
    cancel: () => {
      isCancelled = true;
      task?.cancel();
    },
  };
}
