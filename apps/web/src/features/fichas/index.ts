/** What other features use of fichas (decision 268): a feature reaches another only through its index. */

export * from './components/detail/PepMatch';
export * from './components/TagsManagerPanel';
export * from './hooks/useRunFicha';
