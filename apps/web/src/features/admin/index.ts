/** What other features use of admin (decision 268): a feature reaches another only through its index. */
export * from './pages/RiskConfigurationPage';
export * from './routes';
