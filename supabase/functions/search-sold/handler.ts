// POST /functions/v1/search-sold {itemName, condition} -> {soldCount (null when the source cannot count sales), ...}
import { createSearchHandler } from '../_shared/market/search-handler.ts';

export default createSearchHandler('sold');
