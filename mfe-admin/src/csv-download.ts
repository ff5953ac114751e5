// Saving one of the centre's CSV files (a plan's refunds, the payments). The api client reads JSON
// only, so the file is fetched here with the session's token and saved under the name the server
// gives it.
import { payloadEncryptionHeader } from '@learning/contracts';
import { readAnswer, tokenStore, type Query } from '@learning/platform';

/** GET `path` (with the query's set values) as text/csv and save it; `fallbackName` when the server names no file. */
export async function downloadCsv(path: string, { query = {}, fallbackName }: { query?: Query; fallbackName: string }): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(withQuery(path, query), { headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  // A refusal is JSON like any call's (sealed behind a gateway with a secret): its Mongolian message.
  if (!response.ok) await readAnswer(response.status, response.headers.get(payloadEncryptionHeader), await response.text().catch(() => ''));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** `attachment; filename="refunds-p1.csv"` (or the RFC 6266 `filename*=UTF-8''…`) → its file name. */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Not percent-encoded after all: the plain name below.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1] ?? null;
}
