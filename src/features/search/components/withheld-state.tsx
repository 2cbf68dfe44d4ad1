import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  conditions,
  type AvailableResult,
  type Condition,
  type SoldResult,
} from '../schemas';
import { UsersIcon } from './icons';

export type WithheldStateProps = {
  itemName: string;
  condition: Condition;
  sellersNeeded: number;
  minSellers: number;
  available: AvailableResult | null;
  sold: SoldResult | null;
};

/**
 * Issue 22: a headline count the seller panel withholds (fewer than PANEL_MIN_SELLERS sellers stand behind it). It
 * takes the place of the three figures: no count, no rate, no band; how many more sellers are needed, how to help,
 * and the conditions of this item that do have enough sellers.
 */
export function WithheldState({
  itemName,
  condition,
  sellersNeeded,
  minSellers,
  available,
  sold,
}: WithheldStateProps) {
  // Another condition is offered only where a count is shown and above zero on either side.
  const shown = (c: Condition) =>
    [available?.byCondition?.[c], sold?.byCondition?.[c]].some((n) => typeof n === 'number' && n > 0);
  const others = conditions.filter((c) => c !== condition && shown(c));
  return (
    <section
      className="rounded-lg border border-dashed bg-muted/30 p-5 sm:p-8"
      aria-labelledby="withheld-title"
      data-testid="withheld"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
          <UsersIcon className="size-6" />
        </span>
        <div className="min-w-0 space-y-2">
          <h3 id="withheld-title" className="text-lg font-semibold">
            {m.withheldTitle}
          </h3>
          <p className="text-base font-semibold text-primary" data-testid="sellers-needed">
            {m.sellersNeeded(sellersNeeded)}
          </p>
          {minSellers > 0 && <p className="text-sm text-muted-foreground">{m.withheldWhy(minSellers)}</p>}
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
        </div>
      </div>

      {others.length > 0 && (
        <div className="mt-6">
          <h4 className="text-sm font-semibold">{m.withheldOtherConditions}</h4>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="withheld-other-conditions">
            {others.map((c) => (
              <li key={c}>
                <Link
                  to={`${paths.search}?${new URLSearchParams({ q: itemName, condition: c }).toString()}`}
                  className={cn(buttonVariants({ variant: 'outline', size: 'sm' }))}
                >
                  {conditionLabels[c]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
