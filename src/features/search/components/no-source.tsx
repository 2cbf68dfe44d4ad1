import { searchMessages as m } from '../messages';
import { PlugIcon } from './icons';

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-[0.8em] text-foreground';

/**
 * Issue 22: the market index holds nothing at all and the search found nothing, so there is no market to read, not a
 * dead one. No zeros; what a deployer can turn on instead.
 */
export function NoSource() {
  return (
    <section
      className="rounded-lg border border-dashed bg-muted/30 p-5 sm:p-8"
      aria-labelledby="no-source-title"
      data-testid="no-source"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
          <PlugIcon className="size-6" />
        </span>
        <div className="min-w-0 space-y-2">
          <h3 id="no-source-title" className="text-lg font-semibold">
            {m.noSourceTitle}
          </h3>
          <p className="text-sm text-muted-foreground">{m.noSourceBody}</p>
          <ul className="list-disc space-y-1.5 pl-5 text-sm" data-testid="no-source-options">
            {m.noSourceOptions.map((option) => (
              <li key={option.name}>
                <span className="font-medium">{option.name}:</span> {option.text}
                {option.settings && (
                  <>
                    set <code className={code}>{option.settings[0]}</code> and{' '}
                    <code className={code}>{option.settings[1]}</code>.
                  </>
                )}
                {option.command && (
                  <>
                    run <code className={code}>{option.command}</code>.
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
