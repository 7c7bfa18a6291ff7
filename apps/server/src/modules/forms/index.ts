// The face of the forms module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { formsModule } from './forms.module';
export { formsReportRows, registerVerifier, signingKeyFor, signPdf, verifyPdfSignature } from './forms.service';
export { rulesOf, setUpdateWindowIn } from './forms.templates.service';
