import { FichaHistorial } from '../components/detail/FichaHistorial';
import { RecordsLayout } from './RecordsLayout';

/**
 * /home/records/:run/historial: the person over time, the same Historial as the ficha's tab: key dates, the
 * operations where the person took part and the audited history of changes in sentences.
 */
export function HistorialPage() {
  return (
    <RecordsLayout titleKey="fichas:records.historial">{(ficha) => <FichaHistorial ficha={ficha} />}</RecordsLayout>
  );
}
