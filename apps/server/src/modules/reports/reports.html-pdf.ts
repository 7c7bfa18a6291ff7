import { cm, PAGE_SIZES, type PdfTable, reportPdf } from './reports.pdf';

/**
 * POST /files/html-pdf: the HTML of a report screen as a laid-out PDF. The HTML is not rendered as a browser would:
 * its first heading is the title, every <table> becomes a table (the first row the repeated header) and the text
 * outside tables becomes paragraphs. Default A2 portrait, margins 3 cm top and 2 cm right, bottom and left.
 */
export interface HtmlPdfBody {
  nombre: string;
  report?: string;
  tamaño?: string;
  margenes?: string | number[];
  orientation?: 'portrait' | 'landscape';
  contenido: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
const strip = (s: string) => decode(s.replace(/<[^>]*>/g, ' '));

function tablesOf(html: string): PdfTable[] {
  const tables: PdfTable[] = [];
  for (const m of html.matchAll(/<table[\s\S]*?<\/table>/gi)) {
    const rows = [...m[0].matchAll(/<tr[\s\S]*?<\/tr>/gi)].map((r) =>
      [...r[0].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((c) => strip(c[1] ?? '')),
    );
    const [columns, ...body] = rows;
    if (!columns || columns.length === 0) continue;
    tables.push({ columns, rows: body.map((r) => columns.map((_, i) => r[i] ?? '')) });
  }
  return tables;
}

export function margins(v: HtmlPdfBody['margenes']): [number, number, number, number] {
  const parts = (
    Array.isArray(v)
      ? v
      : String(v ?? '')
          .split(/[\s,/;]+/)
          .filter(Boolean)
          .map(Number)
  ).filter((n) => Number.isFinite(n) && n >= 0 && n <= 10);
  const [t = 3, r = 2, b = 2, l = 2] = parts.length === 4 ? parts : [];
  return [cm(t), cm(r), cm(b), cm(l)];
}

export async function htmlPdf(
  body: HtmlPdfBody,
  pageLabel: (n: number, total: number) => string,
  issuer: { issued?: string; footer?: string } = {},
) {
  const html = body.contenido.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '');
  const heading = /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(html);
  const title = heading ? strip(heading[1] ?? '') : body.nombre;
  const rest = html.replace(/<table[\s\S]*?<\/table>/gi, '\n').replace(heading?.[0] ?? '\u0000', '');
  const paragraphs = rest
    .split(/<\/(?:p|div|h[1-6]|li)>|<br\s*\/?>|\n/i)
    .map(strip)
    .filter(Boolean);
  const size = PAGE_SIZES[(body.tamaño ?? 'A2').toUpperCase()] ?? PAGE_SIZES.A2 ?? [1190.55, 1683.78];
  const [w, h] = size;
  return reportPdf({
    title,
    subtitle: body.report,
    paragraphs,
    tables: tablesOf(html),
    pageLabel,
    issued: issuer.issued,
    footer: issuer.footer,
    size: body.orientation === 'landscape' ? [h, w] : [w, h],
    margins: margins(body.margenes),
  });
}
