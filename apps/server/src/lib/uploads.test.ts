import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  pdfWithEmbeddedFile,
  pdfWithEscapedPageJs,
  pdfWithLaunch,
  pdfWithOpenActionJs,
  plainPdfWithLink,
  zipBombXlsx,
} from '../../test/upload-samples';
import { rawActiveContent } from './pdf-active';
import { checkUpload, pdfProblem } from './uploads';

const plainPdf = async () => {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
};

describe('checkUpload: the one check of every uploaded file', () => {
  it('refuses 0 bytes, an oversize file and a content that is not one of the accepted kinds', async () => {
    expect(await checkUpload(Buffer.alloc(0), ['pdf'])).toEqual({ kind: null, problem: 'FILE_REQUIRED' });
    expect(await checkUpload(Buffer.alloc(0), ['binary'])).toEqual({ kind: null, problem: 'FILE_REQUIRED' });
    expect((await checkUpload(await plainPdf(), ['pdf'], 100)).problem).toBe('FILE_TOO_LARGE');
    expect((await checkUpload(Buffer.from('just text'), ['pdf', 'xlsx'])).problem).toBe('FILE_FORMAT');
    expect((await checkUpload(await plainPdf(), ['xlsx'])).problem).toBe('FILE_FORMAT');
    expect(await checkUpload(Buffer.from([1, 2, 3]), ['binary'])).toEqual({ kind: 'binary', problem: null });
  });

  it('accepts an ordinary PDF, one with a web link, and an ordinary workbook', async () => {
    expect(await checkUpload(await plainPdf(), ['pdf'])).toEqual({ kind: 'pdf', problem: null });
    expect(await pdfProblem(await plainPdfWithLink())).toBeNull();
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('a').addRow(['x', 1]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await checkUpload(xlsx, ['pdf', 'xlsx'])).toEqual({ kind: 'xlsx', problem: null });
  });

  it('refuses a PDF with JavaScript, a launch action or an embedded file, in object streams or not', async () => {
    for (const bytes of [
      await pdfWithOpenActionJs(),
      await pdfWithOpenActionJs({ useObjectStreams: false }),
      await pdfWithLaunch(),
      await pdfWithLaunch({ useObjectStreams: false }),
      await pdfWithEmbeddedFile(),
      await pdfWithEscapedPageJs(),
    ]) {
      expect(await checkUpload(bytes, ['pdf', 'png'])).toEqual({ kind: null, problem: 'FILE_ACTIVE_CONTENT' });
      expect(await pdfProblem(bytes)).toBe('FILE_ACTIVE_CONTENT');
    }
    // packed in a compressed object stream, the action is invisible in the raw bytes: pdf-lib's parse finds it
    expect(rawActiveContent(await pdfWithOpenActionJs())).toBeNull();
  });

  it('finds active content in the raw text of an object pdf-lib would skip, but not inside stream data', () => {
    const raw = Buffer.from('%PDF-1.4\n9 0 obj\n<< /S /Launch /F (x.exe) >>\nendobj\n');
    expect(rawActiveContent(raw)).toBe('launch');
    const inStream = Buffer.from('%PDF-1.4\n4 0 obj\n<< /Length 20 >>\nstream\n/JS /JavaScript junk\nendstream\n');
    expect(rawActiveContent(inStream)).toBeNull();
  });

  it('refuses a zip bomb dressed as an xlsx, whether its directory tells the truth or lies', async () => {
    expect((await checkUpload(zipBombXlsx(), ['xlsx'])).problem).toBe('FILE_ZIP_BOMB');
    expect((await checkUpload(zipBombXlsx(50 * 1024 * 1024, 4000), ['pdf', 'xlsx'])).problem).toBe('FILE_ZIP_BOMB');
  });
});
