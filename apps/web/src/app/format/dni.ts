/** The one document formatter for every feature: RUT, CPF and CNPJ in their display form (shared with the PDFs). */
export { displayDni } from '@regcheck/shared/documents/display';
