/** What other features use of allegations (decision 268): a feature reaches another only through its index. */
export * from './AllegationsDashboard';
