import { useId } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { LoadFailed } from './load-failed';
import { usePanelSharing } from '../api/get-sharing';
import { SharingRateLimited, useSetPanelSharing } from '../api/set-sharing';
import { formatLocalDay } from '../lib/format';
import { salesMessages } from '../messages';

const m = salesMessages.sharing;

/**
 * The seller panel switch (issue 22): off until the user turns it on, explained beside it. While a change is saved the
 * switch shows where it is going and takes no clicks; if the change fails, it shows what the database holds and says so.
 */
export function ShareWithPanel({ userId, privacyHref }: { userId: string; privacyHref: string }) {
  const headingId = useId();
  const switchId = useId();
  const stateId = useId();
  const status = usePanelSharing(userId);
  const change = useSetPanelSharing(userId);
  const data = status.data;
  const saving = change.isPending;
  const target = change.variables === true;
  const checked = saving ? target : (data?.sharing ?? false);
  // A failure whose change reached the database after all (seen on the refetch) is no failure to report.
  const failed = change.isError && data !== undefined && data.sharing !== target;

  const toggle = () => {
    // aria-disabled rather than disabled while saving, so keyboard focus stays on the switch.
    if (!data || saving) return;
    change.mutate(!data.sharing);
  };

  return (
    <Card aria-labelledby={headingId} role="region" data-testid="panel-sharing">
      <CardHeader>
        <h2 id={headingId} className="text-xl font-semibold leading-tight tracking-tight">
          {m.title}
        </h2>
        <CardDescription className="max-w-prose text-sm">{m.intro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {data ? (
          <div className="space-y-2 rounded-lg border bg-muted/40 p-4">
            <div className="flex items-center justify-between gap-4">
              <label htmlFor={switchId} className="cursor-pointer font-medium">
                {m.switchLabel}
              </label>
              <button
                id={switchId}
                type="button"
                role="switch"
                aria-checked={checked}
                aria-describedby={stateId}
                aria-disabled={saving || undefined}
                onClick={toggle}
                className={cn(
                  'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent motion-safe:transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                  checked ? 'bg-primary' : 'bg-slate-500',
                  saving && 'cursor-wait opacity-60',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'pointer-events-none block h-6 w-6 rounded-full bg-white shadow-sm motion-safe:transition-transform',
                    checked ? 'translate-x-5' : 'translate-x-0',
                  )}
                />
              </button>
            </div>
            <p id={stateId} role="status" className="text-sm" data-testid="panel-sharing-state">
              {saving
                ? target
                  ? data.sharing && data.pending > 0
                    ? m.sharingProgress(data.shared, data.shared + data.pending)
                    : m.turningOn
                  : m.turningOff
                : data.sharing
                  ? m.onSince(data.since && formatLocalDay(data.since), data.shared)
                  : m.off}
            </p>
            {data.withoutCondition > 0 && (
              <p className="text-sm text-muted-foreground" data-testid="panel-sharing-without-condition">
                {m.withoutCondition(data.withoutCondition)}
              </p>
            )}
            {failed && (
              <Alert variant="destructive" className="mt-2">
                <AlertDescription>
                  {change.error instanceof SharingRateLimited
                    ? m.tooManyChanges(change.error.retryAfter)
                    : m.saveFailed(target)}
                </AlertDescription>
              </Alert>
            )}
          </div>
        ) : status.isError ? (
          <LoadFailed copy={m} query={status} />
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {m.loading}
          </p>
        )}

        <div className="grid gap-4 text-sm sm:grid-cols-2">
          {[
            { title: m.sharedTitle, lines: m.sharedList },
            { title: m.neverTitle, lines: m.neverList },
          ].map(({ title, lines }) => (
            <div key={title}>
              <h3 className="font-semibold">{title}</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-muted-foreground">
                {lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="max-w-prose text-sm text-muted-foreground" data-testid="panel-sharing-released">
          {m.released}
        </p>
        <p className="max-w-prose text-sm text-muted-foreground" data-testid="panel-sharing-turn-off">
          {m.turnOff}
        </p>
        {/* A page load, not a client-side link, so the browser scrolls to the section. */}
        <a
          href={privacyHref}
          className="inline-block rounded-sm text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {m.privacyLink}
        </a>
      </CardContent>
    </Card>
  );
}
