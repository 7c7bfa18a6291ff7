/** What other features use of person-records (decision 268): a feature reaches another only through its index. */
export * from './components/CallLogTable';
export * from './components/LookupError';
export * from './components/RegistryLookupCard';
