// axe-core's findings that fail a spec: serious and critical violations, each said so that a failure names what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from './fixtures';

type Options = {
  /** Only this part of the page (a CSS selector); the whole page when unset. */
  include?: string;
  /** Rules that fail a spec whatever axe rates them: a11y.spec.ts adds 'heading-order' (moderate for axe). */
  alsoRules?: string[];
};

/** The violations as "rule (impact): targets: help", with the first five targets of each. */
export async function seriousViolations(page: Page, options: Options = {}): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (options.include) axe.include(options.include);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || options.alsoRules?.includes(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}: ${v.help}`,
    );
}
