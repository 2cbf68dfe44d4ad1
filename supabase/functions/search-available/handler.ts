// POST /functions/v1/search-available {itemName, condition, timestamp, clientInfo} -> {availableCount, ...}
import { createSearchHandler } from '../_shared/market/search-handler.ts';

export default createSearchHandler('available');
