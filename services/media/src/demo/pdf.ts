// A small PDF writer for the demo documents: A4 pages of Helvetica text and coloured bands, so the
// seed needs no tool or font file. Text is ASCII (the standard fonts carry no Cyrillic).

export interface PdfPage {
  /** The band's colour across the top, as RGB from 0 to 1. */
  color: [number, number, number];
  title: string;
  lines: string[];
}

const width = 595;
const height = 842;

const escapeText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

function pageContent(page: PdfPage, number: number, count: number): string {
  const [r, g, b] = page.color;
  const body = page.lines.map((line, index) => `BT /F1 13 Tf 56 ${height - 190 - index * 22} Td (${escapeText(line)}) Tj ET`);
  return [
    `${r} ${g} ${b} rg 0 ${height - 140} ${width} 140 re f`,
    `1 1 1 rg BT /F2 26 Tf 56 ${height - 90} Td (${escapeText(page.title)}) Tj ET`,
    '0.15 0.15 0.15 rg',
    ...body,
    `0.5 0.5 0.5 rg BT /F1 10 Tf ${width / 2 - 20} 40 Td (${number} / ${count}) Tj ET`,
  ].join('\n');
}

export function makePdf(title: string, pages: PdfPage[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const firstPage = 5;
  const kids = pages.map((_, index) => `${firstPage + index * 2} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((page, index) => {
    const content = pageContent(page, index + 1, pages.length);
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + index * 2 + 1} 0 R >>`);
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  add(`<< /Title (${escapeText(title)}) /Producer (learning-platform demo) >>`);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
