import { type PepLineInput, pepLine as sharedPepLine } from '@regcheck/shared/history/ficha-sentences';
import { LOCAL_ZONE } from '../../../app/format/format';

type T = (key: string, params?: Record<string, unknown>) => string;

export type { PepLineInput };

/** The ficha's one PEP status in words (the shared sentence, dates in the browser's time zone). */
export function pepLine(p: PepLineInput | null | undefined, t: T): string {
  return sharedPepLine(p, t, LOCAL_ZONE);
}
