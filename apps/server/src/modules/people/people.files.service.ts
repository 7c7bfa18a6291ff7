import { randomUUID } from 'node:crypto';
import type { PersonFile } from '../../db/tables/people.tables';
import { withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { cleanFileName, fileKey } from '../../lib/files';
import type { FileUpload } from '../../lib/multipart';
import { readRecordFile } from '../../lib/stored-documents';
import { pdfProblem, type UploadProblem } from '../../lib/uploads';
import type { AppDeps, Caller } from '../../plugins/context';
import * as repo from './people.repo';
import { toView, viewWithPrimary } from './people.service';

/* Documents kept on a person of the PEP register (POST /people/{id}/upload-files, GET /people/download-files/{name}). */

const STORED_NAME = /^[0-9a-f-]{36}\.pdf$/;
/** The store key of a person's document: DATA_DIR/files/people/<person>/<uuid>.pdf. */
const keyOf = (personId: string, storedName: string) =>
  STORED_NAME.test(storedName) ? fileKey('people', personId, storedName) : null;

/** An upload problem as the register's error (messages of the platform catalog), on the field `file`. */
export function fileError(problem: UploadProblem | 'FILE_NOT_FOUND') {
  return new AppError(problem, { field: 'file', messageKey: `platform:errors.${problem}` });
}

const filesOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as PersonFile[];

/**
 * Keeps a PDF on a person: checked by content (a readable, unencrypted PDF of at most 25 MB), stored, listed on the
 * person and audited in one transaction; the stored file is removed again if the transaction fails.
 */
export async function uploadFile(deps: AppDeps, caller: Caller, personId: string, file: FileUpload) {
  const problem = await pdfProblem(file.bytes);
  if (problem) throw fileError(problem);
  const exists = await withSystem(deps.db, (trx) => repo.findById(trx, personId));
  if (!exists) throw new AppError('PERSON_NOT_FOUND');
  const storedName = `${randomUUID()}.pdf`;
  const key = keyOf(personId, storedName) as string;
  await deps.files.put(key, file.bytes);
  try {
    return await withSystem(deps.db, async (trx) => {
      const before = await repo.findById(trx, personId);
      if (!before) throw new AppError('PERSON_NOT_FOUND');
      const doc: PersonFile = {
        name: cleanFileName(file.filename),
        storedName,
        size: file.bytes.length,
        uploadedAt: new Date().toISOString(),
        uploadedBy: caller.auth.userId,
      };
      const files = [...filesOf(before.files), doc];
      const after = await repo.setFiles(trx, personId, files);
      await audit(trx, caller, {
        action: 'person.file.uploaded',
        entity: 'person',
        id: personId,
        after: { name: doc.name, size: doc.size },
      });
      return viewWithPrimary(trx, after);
    });
  } catch (err) {
    await deps.files.remove(key);
    throw err;
  }
}

/** A person's document by its stored name; 404 FILE_NOT_FOUND for a name that is not one of the register's. */
export async function downloadFile(deps: AppDeps, caller: Caller, storedName: string) {
  const person = STORED_NAME.test(storedName)
    ? await withSystem(deps.db, (trx) => repo.findByStoredFile(trx, storedName))
    : undefined;
  const doc = person ? filesOf(person.files).find((f) => f.storedName === storedName) : undefined;
  if (!person || !doc) throw fileError('FILE_NOT_FOUND');
  const bytes = await readRecordFile({ files: deps.files, log: caller.log }, keyOf(person.id, storedName));
  if (!bytes) throw fileError('FILE_NOT_FOUND');
  return { name: doc.name, bytes, person: toView(person) };
}
