/** What other features use of forms (decision 268): a feature reaches another only through its index. */
export * from './components/BulkSendForms';
export * from './components/FichaSignedForms';
export * from './components/FormStatusBadge';
export * from './components/OperationFormReasons';
export * from './components/OperationFormsPanel';
