import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 23, point 3 (decision 138): Ley Karin (Ley 21.643) is Chile's. Reports of a Brazilian company filed under
 * the Ley Karin category (`harassment`, offered to every company before) become Brazil's harassment category
 * (`harassmentBr`, Lei 14.457/2022), lose the Ley Karin flag and its 30-business-day deadline, and each gets a line
 * in its history (same status, the reason in Portuguese) and an audit row (`allegation.updated`, before and after).
 * The channel settings of a Brazilian company that list `harassment` list `harassmentBr` in its place.
 *
 * Not undone by `down`: which reports were moved is in the audit log (after.migration = '0600').
 */
const REASON =
  'Categoria alterada de "Assédio laboral ou sexual (Ley Karin)" para "Assédio moral ou sexual (Lei 14.457/2022)": ' +
  'a Ley Karin (Lei 21.643) é do Chile e não se aplica a empresas do Brasil; o prazo de 30 dias úteis da Ley Karin ' +
  'foi retirado (migração 0600).';

/** A Brazilian company: its country as channelCountry (isBrazil of the permissions) reads it. */
const BRAZIL = "upper(trim(c.country)) in ('BR', 'BRA', 'BRASIL', 'BRAZIL')";
/** A Brazilian company's report under Ley Karin (its category, or the flag). */
const BR_KARIN = `${BRAZIL} and (a.category = 'harassment' or a.ley_karin)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    insert into allegation_status_changes (company_id, allegation_id, from_status, to_status, reason, user_id)
      select a.company_id, a.id, a.status, a.status, '${REASON.replace(/'/g, "''")}', null
      from allegations a join companies c on c.id = a.company_id
      where ${BR_KARIN};

    insert into audit_log (company_id, user_id, action, entity, entity_id, before, after)
      select a.company_id, null, 'allegation.updated', 'allegation', a.id::text,
        jsonb_build_object('category', a.category, 'leyKarin', a.ley_karin, 'investigationDue', a.investigation_due),
        jsonb_build_object(
          'category', case when a.category = 'harassment' then 'harassmentBr' else a.category end,
          'leyKarin', false, 'investigationDue', null, 'migration', '0600')
      from allegations a join companies c on c.id = a.company_id
      where ${BR_KARIN};

    update allegations a
      set category = case when a.category = 'harassment' then 'harassmentBr' else a.category end,
          ley_karin = false, investigation_due = null, updated_at = now()
      from companies c
      where c.id = a.company_id and ${BR_KARIN};

    update allegation_settings s
      set categories = coalesce((
            select jsonb_agg(case when e.v = '"harassment"'::jsonb then '"harassmentBr"'::jsonb else e.v end
                             order by e.i)
            from jsonb_array_elements(s.categories) with ordinality as e(v, i)
            where not (e.v = '"harassment"'::jsonb and s.categories @> '["harassmentBr"]'::jsonb)
          ), '[]'::jsonb),
          updated_at = now()
      from companies c
      where c.id = s.company_id and ${BRAZIL} and s.categories @> '["harassment"]'::jsonb;
    `,
  );
}

/** The data change is kept (see above): going back would give Brazilian reports Chile's law again. */
export async function down(_db: Kysely<unknown>): Promise<void> {}
