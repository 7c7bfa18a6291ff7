/**
 * The id and pin of a report just filed, handed from the filing page to the success page in this tab's memory only
 * (issue 22: "shown once"). Router state lives in `history.state`, which the browser keeps across a reload, so the
 * page showed them again after F5; nothing here reaches history, the URL, sessionStorage or localStorage. The
 * success page reads them once and forgets them: a reload, a second visit or the back button finds nothing.
 */
export interface Filed {
  id_denuncia: string;
  pin: string;
  companyId: string;
  companyName?: string;
}

let pending: Filed | null = null;

/** The filing page, on success: what the success page is to show. */
export function handOver(filed: Filed) {
  pending = filed;
}

/** The success page, on its first render: what was handed over, if anything (it stays until `forget`). */
export function peekFiled(): Filed | null {
  return pending;
}

/** The success page, once it holds them in its own state: nobody can read them here again. */
export function forgetFiled() {
  pending = null;
}
