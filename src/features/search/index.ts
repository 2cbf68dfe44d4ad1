// The search feature's public surface: app/routes compose these; nothing else reaches inside.
export { SearchExplorer, type SearchExplorerProps } from './components/search-explorer';
export { SavedSearchesList, savedSearchHref } from './components/saved-searches-list';
export { readSearchAddress, searchHref } from './hooks/use-search-address';
export { searchKeys } from './api/keys';
export { conditionLabels, conditions, type Condition, type SearchInput } from './schemas';
