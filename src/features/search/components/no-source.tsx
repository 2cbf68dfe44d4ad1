import { searchMessages as m } from '../messages';
import { PlugIcon } from './icons';
import { StatePanel } from './state-panel';

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-[0.8em] text-foreground';

/**
 * Issue 22: the market index holds nothing at all and the search found nothing, so there is no market to read, not a
 * dead one. No zeros; what a deployer can turn on instead.
 */
export function NoSource() {
  return (
    <StatePanel name="no-source" icon={PlugIcon} title={m.noSourceTitle}>
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
    </StatePanel>
  );
}
