/** What other features use of auth (decision 268): a feature reaches another only through its index. */
export * from './components/NewPasswordFields';
export * from './components/PasswordChecklist';
export * from './hooks/proof-of-work';
