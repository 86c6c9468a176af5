// Analytics for client users: the overview and the explorer, counts only.
export { AnalyticsPage } from './components/analytics-page';
export { ExplorerPage } from './components/explorer-page';
