import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { salesKeys } from '../api/keys';
import { runImport, type ImportTotals } from '../api/run-import';
import { downloadCsv, toCsv } from '../lib/csv';
import { formatPresets } from '../lib/import/formats';
import type { Inspection } from '../lib/import/inspect';
import { UnreadableFileError } from '../lib/import/read';
import { guessMapping, type BuiltRows, type ImportPlan } from '../lib/import/rows';
import { createImportSession, type ImportSession } from '../lib/import/session';
import { conditions, importFields, type ImportField, type SaleRow } from '../lib/import/types';
import { recallMapping, rememberMapping } from '../lib/remembered-mapping';
import { conditionLabel, marketplaceLabel } from '../lib/format';
import { salesMessages } from '../messages';
import { MarketplaceOptions } from './marketplace-options';

const m = salesMessages.importer;

type Step =
  | { kind: 'pick'; error?: string }
  | { kind: 'reading'; fileName: string }
  | { kind: 'mapping'; inspection: Inspection; plan: ImportPlan; remembered: boolean }
  | { kind: 'checking'; inspection: Inspection; done: number; total: number }
  | { kind: 'preview'; inspection: Inspection; plan: ImportPlan; built: BuiltRows }
  | { kind: 'importing'; inspection: Inspection; plan: ImportPlan; built: BuiltRows; written: number }
  | { kind: 'done'; inspection: Inspection; built: BuiltRows; totals: ImportTotals; error?: string };

export type ImportPageProps = { userId: string; salesHref: string };

/** The sales import: pick a file, map its columns when it is not a known export, preview, import. */
export function ImportPage({ userId, salesHref }: ImportPageProps) {
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const session = useRef<ImportSession | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => session.current?.close(), []);
  // Each step moves focus to its heading, so keyboard and screen reader users follow the import.
  useEffect(() => {
    heading.current?.focus();
  }, [step.kind]);

  const restart = (error?: string) => {
    session.current?.close();
    session.current = null;
    setStep({ kind: 'pick', error });
  };

  const pick = async (file: File) => {
    session.current?.close();
    session.current = createImportSession();
    setStep({ kind: 'reading', fileName: file.name });
    try {
      const inspection = await session.current.inspect(file);
      if (inspection.plan) return check(inspection, inspection.plan);
      const recalled = recallMapping(userId, inspection.header);
      setStep({
        kind: 'mapping',
        inspection,
        remembered: Boolean(recalled),
        plan: {
          format: 'mapped',
          formatName: m.mappedFormatName,
          mapping: recalled?.mapping ?? guessMapping(inspection.header),
          marketplace: recalled?.marketplace ?? null,
          condition: recalled?.condition ?? null,
          status: null,
          dayFirst: recalled?.dayFirst ?? false,
        },
      });
    } catch (error) {
      restart(error instanceof UnreadableFileError ? error.message : m.readFailed);
    }
  };

  const check = async (inspection: Inspection, plan: ImportPlan) => {
    if (!session.current) return;
    setStep({ kind: 'checking', inspection, done: 0, total: inspection.records });
    try {
      const built = await session.current.build(plan, (done, total) =>
        setStep((s) => (s.kind === 'checking' ? { ...s, done, total } : s)),
      );
      setStep({ kind: 'preview', inspection, plan, built });
    } catch (error) {
      restart(error instanceof UnreadableFileError ? error.message : m.readFailed);
    }
  };

  const write = async (inspection: Inspection, plan: ImportPlan, built: BuiltRows) => {
    if (plan.format === 'mapped') rememberMapping(userId, inspection.header, plan);
    cancel.current = new AbortController();
    setStep({ kind: 'importing', inspection, plan, built, written: 0 });
    let totals: ImportTotals = { inserted: 0, updated: 0, unchanged: 0, written: 0, cancelled: false };
    let error: string | undefined;
    try {
      totals = await runImport(built.rows, plan.format, {
        signal: cancel.current.signal,
        onProgress: (written) => setStep((s) => (s.kind === 'importing' ? { ...s, written } : s)),
      });
    } catch {
      error = m.writeFailed;
    }
    await queryClient.invalidateQueries({ queryKey: salesKeys.all });
    setStep({ kind: 'done', inspection, built, totals, error });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {step.kind === 'pick' && <PickFile headingRef={heading} error={step.error} onPick={pick} />}
      {step.kind === 'reading' && (
        <StepCard headingRef={heading} title={m.readingTitle(step.fileName)}>
          <p role="status" className="text-muted-foreground">
            {m.reading}
          </p>
        </StepCard>
      )}
      {step.kind === 'mapping' && (
        <MapColumns
          headingRef={heading}
          inspection={step.inspection}
          plan={step.plan}
          remembered={step.remembered}
          onChange={(plan) => setStep({ ...step, plan })}
          onConfirm={() => check(step.inspection, step.plan)}
          onCancel={() => restart()}
        />
      )}
      {step.kind === 'checking' && (
        <StepCard headingRef={heading} title={m.checkingTitle(step.inspection.fileName)}>
          <Progress label={m.checkingProgress} done={step.done} total={step.total} />
        </StepCard>
      )}
      {step.kind === 'preview' && (
        <Preview
          headingRef={heading}
          inspection={step.inspection}
          plan={step.plan}
          built={step.built}
          onImport={() => write(step.inspection, step.plan, step.built)}
          onCancel={() => restart()}
        />
      )}
      {step.kind === 'importing' && (
        <StepCard headingRef={heading} title={m.importingTitle(step.inspection.fileName)}>
          <Progress label={m.importingProgress} done={step.written} total={step.built.rows.length} />
          <div className="mt-4">
            <Button
              variant="outline"
              onClick={() => cancel.current?.abort()}
              disabled={cancel.current?.signal.aborted}
            >
              {m.stop}
            </Button>
            <p className="mt-2 text-sm text-muted-foreground">{m.stopHint}</p>
          </div>
        </StepCard>
      )}
      {step.kind === 'done' && (
        <StepCard headingRef={heading} title={step.error ? m.partlyDoneTitle : m.doneTitle}>
          {step.error && (
            <Alert variant="destructive" className="mb-4">
              <AlertDescription>{step.error}</AlertDescription>
            </Alert>
          )}
          <p data-testid="import-result">
            {m.doneSummary(
              step.built.records,
              step.totals.inserted,
              step.totals.updated,
              step.totals.unchanged,
              step.built.rejected.length,
              step.built.skipped.length,
            )}
          </p>
          {!step.error &&
            !step.totals.cancelled &&
            step.totals.inserted +
              step.totals.updated +
              step.totals.unchanged +
              step.built.rejected.length +
              step.built.skipped.length ===
              step.built.records && (
              <p className="mt-1 text-sm text-muted-foreground" data-testid="import-adds-up">
                {m.doneAddsUp}
              </p>
            )}
          {step.totals.cancelled && (
            <p className="mt-2 text-sm">{m.stopped(step.totals.written, step.built.rows.length)}</p>
          )}
          {step.built.rejected.length > 0 && (
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => downloadRejected(step.inspection, step.built)}
            >
              {m.downloadRejected}
            </Button>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={salesHref} className={buttonVariants()}>
              {m.seeYourSales}
            </Link>
            <Button variant="outline" onClick={() => restart()}>
              {m.importAnother}
            </Button>
          </div>
        </StepCard>
      )}
    </div>
  );
}

/** Each step's heading takes focus when the step shows. */
type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

/** A step about a file that has been read: the file, how its rows are read, and a way back to choosing a file. */
type FileStepProps = {
  inspection: Inspection;
  plan: ImportPlan;
  onCancel: () => void;
  headingRef: HeadingRef;
};

function StepCard({
  title,
  headingRef,
  children,
}: {
  title: string;
  headingRef: HeadingRef;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          {title}
        </h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span id="import-progress-label">{label}</span>
        <span aria-hidden="true">{m.progressCount(done, total)}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="import-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={m.progressCount(done, total)}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function PickFile({
  error,
  onPick,
  headingRef,
}: {
  error?: string;
  onPick: (file: File) => void;
  headingRef: HeadingRef;
}) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const known = formatPresets.filter((p) => p.id !== 'flipwise');
  return (
    <StepCard headingRef={headingRef} title={m.pickTitle}>
      <p className="text-muted-foreground">{m.pickIntro}</p>
      {error && (
        <Alert variant="destructive" className="mt-4">
          <AlertTitle>{m.unreadableTitle}</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div
        className={`mt-4 rounded-lg border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-primary/5' : 'border-input'}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer.files[0];
          if (file) onPick(file);
        }}
      >
        <p className="mb-3 text-sm text-muted-foreground">{m.dropHint}</p>
        <Label htmlFor={inputId} className="sr-only">
          {m.fileLabel}
        </Label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.tsv,.txt,.jsonl,.ndjson,.json,text/csv"
          className="mx-auto block max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-4 file:py-2 file:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onPick(file);
          }}
        />
        <p className="mt-3 text-xs text-muted-foreground">{m.limits}</p>
      </div>
      <h3 className="mt-6 font-semibold">{m.knownTitle}</h3>
      <ul className="mt-2 list-disc pl-5 text-sm text-muted-foreground">
        {known.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
        <li>{m.ownFormat}</li>
      </ul>
      <p className="mt-3 text-sm text-muted-foreground">{m.otherFiles}</p>
      <p className="mt-3 text-sm text-muted-foreground">{m.privacy}</p>
    </StepCard>
  );
}

const MARKETPLACES = [
  'ebay',
  'poshmark',
  'depop',
  'mercari',
  'vinted',
  'grailed',
  'etsy',
  'facebook_marketplace',
  'other',
];

function MapColumns({
  inspection,
  plan,
  remembered,
  onChange,
  onConfirm,
  onCancel,
  headingRef,
}: FileStepProps & {
  remembered: boolean;
  onChange: (plan: ImportPlan) => void;
  onConfirm: () => void;
}) {
  const id = useId();
  const setColumn = (field: ImportField, column: string) => {
    const mapping = { ...plan.mapping };
    if (column) mapping[field] = column;
    else delete mapping[field];
    onChange({ ...plan, mapping });
  };
  const missingTitle = !plan.mapping.title;
  const column = (name: string | undefined) => (name ? inspection.header.indexOf(name) : -1);
  // A marketplace column with empty cells needs the whole-file choice for those rows, as a file without one does.
  const marketplaceGaps =
    column(plan.mapping.marketplace) >= 0
      ? inspection.emptyCells[column(plan.mapping.marketplace)] > 0
      : true;
  const missingMarketplace = marketplaceGaps && !plan.marketplace;
  return (
    <StepCard headingRef={headingRef} title={m.mapTitle(inspection.fileName)}>
      <p className="text-muted-foreground">{m.mapIntro}</p>
      {remembered && <p className="mt-2 text-sm">{m.mapRemembered}</p>}
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
        {importFields.map((field) => (
          <div key={field}>
            <Label htmlFor={`${id}-${field}`}>
              {m.fieldLabels[field]}
              {field === 'title' && <span aria-hidden="true"> *</span>}
            </Label>
            <Select
              id={`${id}-${field}`}
              className="mt-1"
              value={plan.mapping[field] ?? ''}
              aria-invalid={field === 'title' && missingTitle ? true : undefined}
              aria-describedby={`${id}-${field}-hint`}
              onChange={(e) => setColumn(field, e.target.value)}
            >
              <option value="">{m.notInFile}</option>
              {inspection.header.map((h, i) => (
                <option key={`${h}-${i}`} value={h}>
                  {h}
                </option>
              ))}
            </Select>
            <p id={`${id}-${field}-hint`} className="mt-1 text-xs text-muted-foreground">
              {m.fieldHints[field]}
            </p>
          </div>
        ))}
        <div>
          <Label htmlFor={`${id}-market`}>
            {plan.mapping.marketplace ? m.marketplaceWhereEmpty : m.marketplaceForAll}
          </Label>
          <Select
            id={`${id}-market`}
            className="mt-1"
            value={plan.marketplace ?? ''}
            aria-invalid={missingMarketplace || undefined}
            onChange={(e) => onChange({ ...plan, marketplace: e.target.value || null })}
          >
            <MarketplaceOptions empty={m.chooseMarketplace} marketplaces={MARKETPLACES} />
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-condition`}>
            {plan.mapping.condition ? m.conditionWhereEmpty : m.conditionForAll}
          </Label>
          <Select
            id={`${id}-condition`}
            className="mt-1"
            value={plan.condition ?? ''}
            onChange={(e) =>
              onChange({ ...plan, condition: (e.target.value || null) as ImportPlan['condition'] })
            }
          >
            <option value="">{m.noCondition}</option>
            {conditions.map((c) => (
              <option key={c} value={c}>
                {conditionLabel(c)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-order`}>{m.dateOrder}</Label>
          <Select
            id={`${id}-order`}
            className="mt-1"
            value={plan.dayFirst ? 'day' : 'month'}
            onChange={(e) => onChange({ ...plan, dayFirst: e.target.value === 'day' })}
          >
            <option value="month">{m.monthFirst}</option>
            <option value="day">{m.dayFirst}</option>
          </Select>
        </div>
      </div>
      <h3 className="mt-6 font-semibold">{m.sampleTitle}</h3>
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={m.sampleTitle}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {inspection.header.map((h, i) => (
                <th
                  key={`${h}-${i}`}
                  scope="col"
                  className="whitespace-nowrap border-b px-2 py-1 font-medium"
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {inspection.sample.map((row, r) => (
              <tr key={r}>
                {inspection.header.map((_, i) => (
                  <td key={i} className="max-w-[16rem] truncate border-b px-2 py-1">
                    {row[i]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(missingTitle || missingMarketplace) && (
        <p className="mt-4 text-sm text-destructive" role="status">
          {missingTitle ? m.needTitle : m.needMarketplace}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onConfirm} disabled={missingTitle || missingMarketplace}>
          {m.checkRows}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {m.chooseAnother}
        </Button>
      </div>
    </StepCard>
  );
}

function Preview({
  inspection,
  plan,
  built,
  onImport,
  onCancel,
  headingRef,
}: FileStepProps & { built: BuiltRows; onImport: () => void }) {
  const shown = built.rows.slice(0, 20);
  return (
    <StepCard headingRef={headingRef} title={m.previewTitle(inspection.fileName)}>
      <p data-testid="import-format">{inspection.preset ? m.recognised(plan.formatName) : m.mappedBy}</p>
      <ul className="mt-3 grid gap-1 text-sm" data-testid="import-counts">
        <li>{m.recordsCount(built.records)}</li>
        <li>{m.readyCount(built.rows.length)}</li>
        <li className={built.rejected.length ? 'text-destructive' : undefined}>
          {m.problemCount(built.rejected.length)}
        </li>
        {built.skipped.length > 0 && <li>{m.skippedCount(built.skipped.length)}</li>}
      </ul>

      {shown.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">{m.readyTitle(shown.length, built.rows.length)}</h3>
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={m.readyCaption}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.readyCaption}</caption>
              <thead>
                <tr>
                  {m.previewColumns.map((c) => (
                    <th key={c} scope="col" className="whitespace-nowrap border-b px-2 py-1 font-medium">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <PreviewRow key={`${row.marketplace}-${row.external_id}`} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {built.rejected.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">{m.problemsTitle}</h3>
          <p className="text-sm text-muted-foreground">{m.problemsIntro}</p>
          <ul className="mt-2 grid gap-1 text-sm" data-testid="import-problems">
            {built.rejected.slice(0, 50).map((r) => (
              <li key={r.line}>
                <span className="font-medium">{m.line(r.line)}</span> {r.reasons.join('; ')}
              </li>
            ))}
          </ul>
          {built.rejected.length > 50 && (
            <p className="mt-1 text-sm text-muted-foreground">{m.moreProblems(built.rejected.length - 50)}</p>
          )}
          <Button variant="outline" className="mt-3" onClick={() => downloadRejected(inspection, built)}>
            {m.downloadRejected}
          </Button>
        </>
      )}
      {built.skipped.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">{m.skippedTitle}</h3>
          <p className="text-sm text-muted-foreground">{m.skippedIntro}</p>
          <ul className="mt-2 grid gap-1 text-sm text-muted-foreground" data-testid="import-not-items">
            {built.skipped.slice(0, 50).map((s) => (
              <li key={s.line}>
                <span className="font-medium">{m.line(s.line)}</span> {m.notItemKinds[s.kind]}
                {s.text && <> · “{s.text}”</>}
              </li>
            ))}
          </ul>
          {built.skipped.length > 50 && (
            <p className="mt-1 text-sm text-muted-foreground">{m.moreSkipped(built.skipped.length - 50)}</p>
          )}
        </>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onImport} disabled={built.rows.length === 0}>
          {m.importRows(built.rows.length)}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {m.chooseAnother}
        </Button>
      </div>
    </StepCard>
  );
}

function PreviewRow({ row }: { row: SaleRow }) {
  const date = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
  return (
    <tr>
      <td className="max-w-[18rem] truncate border-b px-2 py-1">{row.title}</td>
      <td className="border-b px-2 py-1">{marketplaceLabel(row.marketplace)}</td>
      <td className="border-b px-2 py-1">
        {row.status === 'sold' ? (row.sale_status ? m.saleStatusLabels[row.sale_status] : m.sold) : m.listed}
      </td>
      <td className="border-b px-2 py-1 text-right">{row.quantity ?? 1}</td>
      <td className="whitespace-nowrap border-b px-2 py-1">
        {row.price == null ? '—' : `${row.price.toFixed(2)} ${row.currency}`}
      </td>
      <td className="whitespace-nowrap border-b px-2 py-1">{date(row.sold_at)}</td>
      <td className="whitespace-nowrap border-b px-2 py-1">{date(row.listed_at)}</td>
      <td className="border-b px-2 py-1">{row.condition ? conditionLabel(row.condition) : '—'}</td>
    </tr>
  );
}

/** The rows that were not imported, as the file had them, with a column of reasons; safe to open in a spreadsheet. */
function downloadRejected(inspection: Inspection, built: BuiltRows) {
  const csv = toCsv([
    [m.lineColumn, m.reasonsColumn, ...inspection.header],
    ...built.rejected.map((r) => [r.line, r.reasons.join('; '), ...r.fields]),
  ]);
  const base = inspection.fileName.replace(/\.[^.]+$/, '');
  downloadCsv(`${base}-not-imported.csv`, csv);
}
