import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  conditions,
  type AvailableResult,
  type Condition,
  type SearchInput,
  type SoldResult,
} from '../schemas';
import { UsersIcon } from './icons';
import { SearchLinks, StatePanel } from './state-panel';

export type WithheldStateProps = {
  /** The search withheld: another condition's link keeps its words, window and narrowing. */
  query: SearchInput;
  available: AvailableResult | null;
  sold: SoldResult | null;
};

/**
 * Issue 22: a headline count the seller panel withholds (fewer than PANEL_MIN_SELLERS sellers stand behind it). It
 * takes the place of the three figures: no count, no rate, no band; why, how to help, and the conditions of this item
 * that do have enough sellers. Never how many sellers stand behind it or how many more are needed (issue 49): that
 * would tell a competitor how many accounts to open, and whether a given seller has joined.
 */
export function WithheldState({ query, available, sold }: WithheldStateProps) {
  const { condition } = query;
  // Another condition is offered only where a count is shown and above zero on either side.
  const shown = (c: Condition) =>
    [available?.byCondition?.[c], sold?.byCondition?.[c]].some((n) => typeof n === 'number' && n > 0);
  const others = conditions.filter((c) => c !== condition && shown(c));
  const otherConditions = others.length > 0 && (
    <SearchLinks
      title={m.withheldOtherConditions}
      testId="withheld-other-conditions"
      links={others.map((c) => ({ key: c, label: conditionLabels[c], query: { ...query, condition: c } }))}
    />
  );
  return (
    <StatePanel name="withheld" icon={UsersIcon} title={m.withheldTitle} more={otherConditions}>
      <p className="text-sm text-muted-foreground">{m.withheldWhy}</p>
      <p className="text-sm" data-testid="withheld-help">
        {m.withheldHelpLead}{' '}
        <Link
          to={paths.salesImport}
          className="font-medium text-primary underline underline-offset-4 hover:no-underline"
        >
          {m.withheldHelpLink}
        </Link>{' '}
        {m.withheldHelpTail}
      </p>
    </StatePanel>
  );
}
