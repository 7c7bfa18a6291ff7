import type { Selectable } from 'kysely';
import type { AllegationFilesTable } from '../../db/tables/allegations.tables';

/** A file as the API shows it: never its stored name. */
export function fileView(f: Selectable<AllegationFilesTable>) {
  return {
    id: f.id,
    name: f.name,
    size: f.size,
    mime: f.mime,
    uploadedBy: f.uploadedBy,
    createdAt: f.createdAt.toISOString(),
  };
}
