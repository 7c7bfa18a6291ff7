import { createHash } from 'node:crypto';
import { type Locale, translate } from '@regcheck/shared';
import { displayDni } from '@regcheck/shared/documents/display';
import { formatDate } from '@regcheck/shared/format/date';
import {
  answerText,
  type FormFieldT,
  type FormFindingT,
  type FormSignerT,
  type FormSubjectT,
  type FormTemplateConfigT,
} from '@regcheck/shared/schemas/forms';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import type { FormStep } from '../../db/tables/forms.types';
import { canonical } from '../../lib/canonical-json';
import { A4, embedDejaVu } from '../../lib/pdf-doc';
import { imageType } from '../../lib/uploads';
import { money } from './forms.findings';
import { formReference, linkNumbers, pdfTime } from './forms.pdf-words';
import { signedForLine } from './forms.signatory';
import { CadesSigner, type ParsedKey, parseP12 } from './forms.signer';
import type { SigningKey } from './forms.signing-key';

/**
 * The signed form PDF (spec 001 §2 form-signing flow; issue 9 §6): A4, in the form's language, with an embedded TTF
 * (DejaVu Sans, for accents): the filled form, the portrait and ID document photos, the drawn signature and an audit
 * page (who, document, each step with time, address, browser and link, the SHA-256 of the content). Then the
 * file itself is signed (PAdES, a CMS detached over the byte range) with the given key. A reader reads no code:
 * times in the company's time zone and the house format, documents formatted (RUT, CPF, CNPJ), the links numbered
 * in the order they appear instead of their ids, the verification page as a full address (issue 25 point 6).
 */

/**
 * The OpenType features the layout would apply (ligatures, kerning, contextual forms, marks): off. The declaration's
 * text is Latin with precomposed accents, which needs none of them, and the shaping was the costliest part of a PDF.
 */
const NO_FEATURES = Object.fromEntries(
  ['liga', 'clig', 'calt', 'rlig', 'kern', 'mark', 'mkmk', 'ccmp', 'locl', 'dlig', 'hlig'].map((f) => [f, false]),
);
const MARGIN = 50;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.4, 0.43, 0.48);

export interface PdfInput {
  formId: string;
  locale: Locale;
  /** the company's country: its time zone writes every time of the document */
  country: 'CL' | 'BR';
  /** the full address of the verification page (the site's address from the configuration + /public/verify) */
  verifyUrl: string;
  companyName: string;
  name: string;
  dni: string;
  template: FormTemplateConfigT;
  data: Record<string, unknown>;
  photo: Buffer | null;
  idPhoto: Buffer | null;
  signature: Buffer | null;
  steps: FormStep[];
  linkId: string | null;
  signedAt: Date;
  /** an unsigned preview for the visitor's review: marked as such on every page's head */
  draft?: boolean;
  /** what it declares: the operation, the company and its known owners, the pre-filled answers (issue 25) */
  subject?: FormSubjectT | null;
  /** the differences with the file found at signing: the amount and currency ones are printed beside the amount */
  findings?: FormFindingT[];
  /** a company's form: the natural person who signs for it (issue 25 point 4) */
  signer?: FormSignerT | null;
}

/** The SHA-256 of what the visitor declared: the answers (canonical JSON) and the bytes of the three images. */
export function contentHash(i: Pick<PdfInput, 'formId' | 'data' | 'photo' | 'idPhoto' | 'signature'>): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({ formId: i.formId, data: canonical(i.data) }));
  for (const b of [i.photo, i.idPhoto, i.signature]) h.update(b ?? Buffer.alloc(0));
  return h.digest('hex');
}

class Writer {
  page: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    return this.page;
  }
  ensure(h: number) {
    if (this.y - h < MARGIN) this.newPage();
  }
  text(s: string, o: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number } = {}) {
    const size = o.size ?? 10;
    const font = o.bold ? this.bold : this.font;
    const width = A4[0] - 2 * MARGIN - (o.indent ?? 0);
    for (const line of wrap(printable(s), font, size, width)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x: MARGIN + (o.indent ?? 0), y: this.y - size, size, font, color: o.color ?? INK });
      this.y -= size + 4;
    }
  }
  gap(h = 6) {
    this.y -= h;
  }
  image(img: PDFImage, x: number, maxW: number, maxH: number, top: number) {
    const s = Math.min(maxW / img.width, maxH / img.height, 1);
    this.page.drawImage(img, { x, y: top - img.height * s, width: img.width * s, height: img.height * s });
    return img.height * s;
  }
}

/** Characters the font lacks (control characters) are dropped; everything else DejaVu draws. */
function printable(s: string) {
  let out = '';
  for (const ch of s.replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 10 || code === 13 || (code >= 32 && code !== 127)) out += ch;
  }
  return out;
}

/*
 * Text widths from a per-character cache (the advance of each character at size 1, measured once per process and
 * font): pdf-lib measures by laying the text out with the font's OpenType tables, and measuring every word of every
 * line that way cost most of a form's PDF. Kerning is left out of the measure (a line is at most a few points
 * narrower than measured, never wider).
 */
const widths = new Map<string, Map<string, number>>();
function measure(font: PDFFont, s: string, size: number) {
  const key = font === boldOf.get(font) ? 'bold' : 'regular';
  let m = widths.get(key);
  if (!m) {
    m = new Map();
    widths.set(key, m);
  }
  let w = 0;
  for (const ch of s) {
    let cw = m.get(ch);
    if (cw === undefined) {
      cw = font.widthOfTextAtSize(ch, 1);
      m.set(ch, cw);
    }
    w += cw;
  }
  return w * size;
}
/** Which embedded font of a document is the bold one (the cache is per font file, not per document). */
const boldOf = new WeakMap<PDFFont, PDFFont>();

function wrap(s: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const para of s.split(/\r?\n/)) {
    let line = '';
    for (const word of para.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (measure(font, next, size) <= width) line = next;
      else {
        if (line) out.push(line);
        line = word;
        while (measure(font, line, size) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && measure(font, line.slice(0, cut), size) > width) cut--;
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
    }
    out.push(line);
  }
  return out;
}

async function embedImage(doc: PDFDocument, bytes: Buffer | null) {
  if (!bytes) return null;
  return imageType(bytes) === 'png' ? doc.embedPng(bytes) : doc.embedJpg(bytes);
}

/**
 * What the declaration declares, under the declarant: the operation (number, reference, date, amount), the company
 * declared and the beneficial owners RegCheck had on record, and the declared amount compared with the operation's.
 */
function subjectBlock(w: Writer, i: PdfInput, t: (k: string, p?: Record<string, unknown>) => string) {
  const s = i.subject;
  if (!s) return;
  w.gap(8);
  w.text(t('subjectTitle'), { size: 11, bold: true });
  const op = s.operation;
  if (op) {
    w.text(
      t('operationLine', {
        codigo: String(op.codigo).padStart(6, '0'),
        reference: op.reference || t('noReference'),
        date: formatDate(op.date) || '—',
        amount: money(op.currency, op.amount),
      }),
      { size: 9 },
    );
  }
  if (s.entity) w.text(t('entityLine', { ...s.entity, document: displayDni(s.entity.document) }), { size: 9 });
  if (s.owners) {
    if (s.owners.length === 0) w.text(t('ownersNone', { company: i.companyName }), { size: 9 });
    else {
      w.text(t('ownersKnown', { company: i.companyName }), { size: 9 });
      for (const o of s.owners) {
        const share = o.participation === null ? '' : ` — ${String(o.participation).replace('.', ',')} %`;
        w.text(`${o.name} — ${displayDni(o.document)}${share}`, { size: 9, indent: 12 });
      }
    }
  }
  const amountFindings = (i.findings ?? []).filter((f) => f.code === 'amountDiffers' || f.code === 'currencyDiffers');
  const declaresAmount = i.template.sections.some((x) => x.fields.some((f) => f.key === 'amount'));
  if (op && op.amount > 0 && i.findings && declaresAmount) {
    if (amountFindings.length === 0) w.text(t('amountSame', { amount: money(op.currency, op.amount) }), { size: 9 });
    for (const f of amountFindings) {
      w.text(translate(i.locale, `forms:findings.${f.code}`, f.params), { size: 9, color: rgb(0.7, 0.1, 0.1) });
    }
  }
}

/** The form as an unsigned PDF (saved without object streams, as the signature placeholder needs). */
export async function renderFormPdf(i: PdfInput): Promise<{ pdf: Buffer; contentSha256: string }> {
  const t = (k: string, p?: Record<string, unknown>) => translate(i.locale, `forms:pdf.${k}`, p);
  const [yes, no] = [translate(i.locale, 'forms:common.yes'), translate(i.locale, 'forms:common.no')];
  const stamp = (d: Date) => pdfTime(i.locale, i.country, d);
  const linkNo = linkNumbers(i.steps, i.linkId);
  const linkText = (id: string | null | undefined) => (linkNo(id) ? t('linkNumber', { n: linkNo(id) }) : '—');
  const shown = (f: FormFieldT, v: unknown) => answerText(f, v, yes, no);
  const doc = await PDFDocument.create();
  doc.setTitle(i.template.title);
  doc.setAuthor(i.companyName);
  doc.setProducer('RegCheck');
  doc.setCreationDate(i.signedAt);
  doc.setModificationDate(i.signedAt);
  const { font, bold } = await embedDejaVu(doc, { features: NO_FEATURES });
  boldOf.set(bold, bold);
  const w = new Writer(doc, font, bold);
  if (i.draft) w.text(t('draftNotice'), { size: 10, bold: true, color: rgb(0.75, 0.1, 0.1) });
  w.text(i.companyName, { size: 9, color: MUTED });
  w.gap(4);
  w.text(i.template.title, { size: 16, bold: true });
  w.gap(4);
  const company = { name: i.name, document: displayDni(i.subject?.entity?.document ?? i.dni) };
  w.text(`${t('declarant')}: ${i.name} — ${company.document}`, { size: 10 });
  if (i.signer) w.text(signedForLine(i.locale, i.signer, company), { size: 10, bold: true });
  if (i.template.intro) {
    w.gap(4);
    w.text(i.template.intro, { size: 9, color: MUTED });
  }
  subjectBlock(w, i, t);
  const prefilled = new Set(i.subject?.prefilled ?? []);
  const mark = (key: string) => (prefilled.has(key) ? ' (*)' : '');
  for (const s of i.template.sections) {
    w.gap(10);
    w.text(s.title, { size: 12, bold: true });
    w.gap(2);
    for (const f of s.fields) {
      const v = i.data[f.key];
      if (f.type === 'table') {
        w.text(`${f.label}${mark(f.key)}`, { size: 10, bold: true });
        const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
        if (rows.length === 0) w.text('—', { indent: 12 });
        rows.forEach((r, n) => {
          const cells = (f.columns ?? []).map((c) => `${c.label}: ${shown(c, r?.[c.key])}`);
          w.text(`${n + 1}. ${cells.join(' · ')}`, { indent: 12 });
        });
      } else {
        w.text(`${f.label}${mark(f.key)}: ${shown(f, v)}`);
      }
    }
  }
  if (prefilled.size > 0) {
    w.gap(4);
    w.text(t('prefilledNote', { company: i.companyName }), { size: 8, color: MUTED });
  }
  if (i.template.declaration) {
    w.gap(10);
    w.text(i.template.declaration, { size: 9 });
  }
  const [photo, idPhoto, signature] = await Promise.all([
    embedImage(doc, i.photo),
    embedImage(doc, i.idPhoto),
    embedImage(doc, i.signature),
  ]);
  w.gap(12);
  w.ensure(190);
  const top = w.y;
  const col = (A4[0] - 2 * MARGIN - 20) / 3;
  const labels: [PDFImage | null, string][] = [
    [photo, t('photo')],
    [idPhoto, t('idPhoto')],
    [signature, t('signature')],
  ];
  labels.forEach(([img, label], n) => {
    const x = MARGIN + n * (col + 10);
    w.page.drawText(label, { x, y: top - 10, size: 9, font: bold, color: INK });
    if (img) w.image(img, x, col, 140, top - 16);
  });
  w.y = top - 166;
  if (i.signer) {
    w.text(signedForLine(i.locale, i.signer, company), { size: 9 });
    w.text(t(i.signer.source === 'ficha' ? 'signerKnown' : 'signerDeclared', { company: i.companyName }), {
      size: 8,
      color: MUTED,
    });
    w.text(stamp(i.signedAt), { size: 9, color: MUTED });
  } else w.text(`${i.name} — ${company.document} — ${stamp(i.signedAt)}`, { size: 9, color: MUTED });

  const contentSha256 = contentHash(i);
  w.newPage();
  if (i.draft) w.text(t('draftNotice'), { size: 10, bold: true, color: rgb(0.75, 0.1, 0.1) });
  w.text(t('auditTitle'), { size: 14, bold: true });
  w.gap(6);
  for (const [k, v] of [
    ['company', i.companyName],
    ['declarant', i.name],
    ['document', company.document],
    ...(i.signer ? ([['signer', signedForLine(i.locale, i.signer, company)]] as const) : []),
    ['form', formReference(i, t)],
    ['signedWith', linkText(i.linkId)],
    ['signedAt', stamp(i.signedAt)],
    ['contentSha256', contentSha256],
  ] as const) {
    w.text(`${t(k)}: ${v}`, { size: 9 });
  }
  w.gap(8);
  w.text(t('steps'), { size: 11, bold: true });
  for (const s of i.steps) {
    w.text(`${stamp(new Date(s.at))} — ${t(`step.${s.step}`)}`, { size: 9, bold: true });
    w.text(`${t('ip')}: ${s.ip ?? '—'} · ${t('link')}: ${linkText(s.linkId)}`, { size: 8, indent: 12, color: MUTED });
    w.text(`${t('userAgent')}: ${s.userAgent ?? '—'}`, { size: 8, indent: 12, color: MUTED });
  }
  w.gap(8);
  w.text(t('contentSha256Covers'), { size: 8, color: MUTED });
  w.text(t('auditNote', { url: i.verifyUrl }), { size: 8, color: MUTED });
  const bytes = await doc.save({ useObjectStreams: false });
  return { pdf: Buffer.from(bytes), contentSha256 };
}

/**
 * Signs a PDF produced by renderFormPdf (PAdES, sub-filter ETSI.CAdES.detached: a CMS over the byte range, see
 * forms.signer.ts) with a P12 (parsed once and cached) or an already parsed key.
 */
export async function signPdf(
  pdf: Buffer,
  key: SigningKey | ParsedKey,
  who: { name: string; reason: string; at: Date },
) {
  const parsed = 'p12' in key ? parseP12(key.p12, key.passphrase) : key;
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: who.reason,
    contactInfo: 'RegCheck',
    name: who.name,
    location: 'RegCheck',
    signingTime: who.at,
    signatureLength: 8192,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'RegCheck',
  });
  // a named class, not the default instance: the CommonJS default import differs between Node and bundlers
  return Buffer.from(await new SignPdf().sign(withPlaceholder, new CadesSigner(parsed), who.at));
}
