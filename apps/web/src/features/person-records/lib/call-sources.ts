/** The title (shell:routes.*) of the page a provider lookup was made from, by the source the server logs. */
const SOURCE_TITLES: Record<string, string> = {
  'validadorCPF-CNPJ': 'validatorCpfCnpj',
  businessReport: 'businessReport',
  pepMexico: 'pepMexico',
  pepOutrasRestricoes: 'pepOutrasRestricoes',
  boletinConcursal: 'boletinConcursal',
  carpetaTributaria: 'carpetaTributaria',
  'consorcio-operations': 'consorcioOperations',
  'products-asociados': 'productsAsociados',
  'policy-detail': 'policyDetail',
  causasCivilesChile: 'causasCivilesChile',
  causasLaboralesChile: 'causasLaboralesChile',
  causasMedioambientales: 'causasMedioambientales',
  poderJudicialCriminal: 'poderJudicialCriminal',
  poderJudicialCriminalChile: 'poderJudicialCriminalChile',
  poderJudicialLaboral: 'poderJudicialLaboral',
  judiciaryBrazil: 'judiciaryBrazil',
  ProcessosJudiciais: 'listJudicial',
  DetalheProcesso: 'listJudicialDetail',
};

/** The translation key naming a logged source ('judiciaryBrazil/detail' is that table's case detail). */
export function sourceTitleKey(source: string): { key: string; detail: boolean } {
  const [page = '', detail] = source.split('/');
  const title = SOURCE_TITLES[page];
  return { key: title ? `shell:routes.${title}` : 'records:calls.otherSource', detail: detail === 'detail' };
}
