/** What other features use of news (decision 268): a feature reaches another only through its index. */
export type { NewsItem } from './api/news-api';
