import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { cn } from '@/lib/utils';
import { marketplaceLabel } from '../lib/labels';
import { formValuesOf, sameSearch } from '../lib/narrowing';
import { searchMessages as m } from '../messages';
import {
  conditionLabels,
  conditions,
  HEADLINE_WINDOW,
  marketplaces,
  searchFormSchema,
  soldWindows,
  type SearchFormInput,
  type SearchFormValues,
} from '../schemas';
import { AppleIcon, SearchIcon } from './icons';

type FormValues = SearchFormInput;

/** A size the last answer read in the item name it was asked for (issue 54): it fills an empty size choice. */
export type SizeFromQuery = { itemName: string; size: string };

/** How many of the narrowing fields (not the window) hold something. */
const narrowingSet = (v: Partial<SearchFormInput>) =>
  [v.size, v.priceMin, v.priceMax, v.marketplace].filter((x) => Boolean(x?.trim())).length;

export type SearchFormProps = {
  defaultValues?: Partial<SearchFormInput>;
  busy?: boolean;
  onSubmit: (values: SearchFormValues) => void | Promise<void>;
  /** Submits once on mount when the defaults are valid (a saved search's "Run again" link). */
  submitOnMount?: boolean;
  /**
   * A search asked for before the visitor logged in: submitted once when it arrives, only if the form still holds
   * those values and is valid. onResubmitDone is called either way, so the caller can clear it.
   */
  resubmit?: SearchFormValues | null;
  onResubmitDone?: () => void;
  /**
   * The search the address holds after Back, Forward or a link within the page (decision 058): the form shows it. A
   * new object each time it changes; between changes the form keeps whatever the user types.
   */
  shown?: SearchFormInput | null;
  /** A size written in the item name of the last answer: it fills the size choice while that is empty. */
  sizeFromQuery?: SizeFromQuery | null;
};

/** SPEC §2 left panel 'Search Items' with SPEC §5 validation: the button is enabled only when the form is valid. */
export function SearchForm({
  defaultValues,
  busy = false,
  onSubmit,
  submitOnMount = false,
  resubmit = null,
  onResubmitDone,
  shown = null,
  sizeFromQuery = null,
}: SearchFormProps) {
  const ids = useId();
  const form = useForm<FormValues, unknown, SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    mode: 'onChange',
    defaultValues: { ...formValuesOf({ itemName: '', condition: '' }), ...defaultValues },
  });
  const { register, handleSubmit, formState } = form;
  const { errors, isValid } = formState;
  // "More filters" opens on a search that holds any (an address, Back); the reseller opens and closes it otherwise.
  const [filtersOpen, setFiltersOpen] = useState(() => narrowingSet(defaultValues ?? {}) > 0);
  // The size the form filled from the item name (not typed): it goes when the item name changes, and the next answer
  // fills it again if the new name still writes it.
  const filledSize = useRef<string | null>(null);

  useEffect(() => {
    if (!submitOnMount) return;
    void form.trigger().then((valid) => {
      if (valid) void handleSubmit(onSubmit)();
    });
    // Only on the mount that was asked to submit; later renders must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitOnMount]);

  useEffect(() => {
    if (!resubmit) return;
    // Parsed here rather than through trigger(): a form the visitor has since emptied must not light up with errors
    // just because they logged in.
    const current = searchFormSchema.safeParse(form.getValues());
    if (current.success && sameSearch(current.data, resubmit)) {
      void handleSubmit(onSubmit)();
    }
    onResubmitDone?.();
    // Once per pending search: the caller clears it in onResubmitDone, so it never comes round again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resubmit]);

  useEffect(() => {
    if (!shown) return;
    const values = { ...formValuesOf({ itemName: '', condition: '' }), ...shown };
    form.reset(values);
    filledSize.current = null;
    if (narrowingSet(values) > 0) setFiltersOpen(true);
    // Only when the address hands over another search; form is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  useEffect(() => {
    if (!sizeFromQuery) return;
    const { itemName, size } = form.getValues();
    // Only for the name the answer read, and never over a size the user chose.
    if (itemName.trim() !== sizeFromQuery.itemName.trim() || size?.trim()) return;
    form.setValue('size', sizeFromQuery.size, { shouldValidate: true });
    filledSize.current = sizeFromQuery.size;
    // "More filters" says "1 set" but stays as it is: opening it would push the answer down on a phone, where the
    // form sits above it.
    // Once per answer that reads a size; form is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sizeFromQuery]);

  const field = (name: 'itemName' | 'condition' | 'size' | 'marketplace'): FieldIds => ({
    id: `${ids}-${name}`,
    help: `${ids}-${name}-help`,
    error: `${ids}-${name}-error`,
  });
  const item = field('itemName');
  const itemField = register('itemName', {
    onChange: () => {
      // A size filled from the old name is not the new name's: the next answer says whether it writes one.
      if (filledSize.current !== null && form.getValues('size') === filledSize.current) {
        form.setValue('size', '', { shouldValidate: true });
      }
      filledSize.current = null;
    },
  });
  const sizeField = register('size', {
    onChange: () => {
      filledSize.current = null;
    },
  });
  const conditionField = register('condition');
  const condition = field('condition');
  const watched = useWatch({ control: form.control, name: ['size', 'priceMin', 'priceMax', 'marketplace'] });
  const setCount = narrowingSet({
    size: watched[0],
    priceMin: watched[1],
    priceMax: watched[2],
    marketplace: watched[3],
  });
  const sizeIsFilled = filledSize.current !== null && watched[0] === filledSize.current;

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none tracking-tight">{m.panelTitle}</h2>
      </CardHeader>
      <CardContent>
        {/* space-y-4: with the window and "More filters", Search stays above the fold of a 1280x800 screen. */}
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={m.panelTitle}>
          <RequiredField ids={item} label={m.itemNameLabel} help={m.itemNameHelp} error={errors.itemName}>
            <Input
              {...controlProps(item, errors.itemName)}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={m.itemNamePlaceholder}
              {...itemField}
            />
          </RequiredField>

          <RequiredField
            ids={condition}
            label={m.conditionLabel}
            help={m.conditionHelp}
            error={errors.condition}
          >
            <Select
              {...controlProps(condition, errors.condition)}
              {...conditionField}
              onBlur={(event) => {
                void conditionField.onBlur(event);
                // mode onChange alone never explains a select left empty; leaving it does.
                void form.trigger('condition');
              }}
            >
              <option value="">{m.conditionPlaceholder}</option>
              {conditions.map((value) => (
                <option key={value} value={value}>
                  {conditionLabels[value]}
                </option>
              ))}
            </Select>
          </RequiredField>

          <WindowChoice register={register} />

          <div className="space-y-4">
            <button
              type="button"
              className="flex w-full items-center justify-between gap-2 rounded-md py-0.5 text-left text-sm font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              aria-expanded={filtersOpen}
              aria-controls={`${ids}-filters`}
              onClick={() => setFiltersOpen((open) => !open)}
              data-testid="more-filters"
            >
              <span>
                {m.moreFilters}
                {setCount > 0 && (
                  <span className="ml-2 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                    {m.moreFiltersSet(setCount)}
                  </span>
                )}
              </span>
              <ChevronDownIcon
                className={cn(
                  'size-4 transition-transform motion-reduce:transition-none',
                  filtersOpen && 'rotate-180',
                )}
              />
            </button>
            <div id={`${ids}-filters`} hidden={!filtersOpen} className="space-y-4" data-testid="filters">
              <OptionalField
                ids={field('size')}
                label={m.sizeLabel}
                help={sizeIsFilled ? m.sizeFromQuery : m.sizeHelp}
                error={errors.size}
              >
                <Input
                  {...controlProps(field('size'), errors.size, false)}
                  autoComplete="off"
                  placeholder={m.sizePlaceholder}
                  maxLength={12}
                  className="max-w-[10rem]"
                  {...sizeField}
                />
              </OptionalField>
              <PriceBand form={form} ids={ids} />
              <OptionalField ids={field('marketplace')} label={m.marketplaceLabel} error={errors.marketplace}>
                <Select
                  {...controlProps(field('marketplace'), errors.marketplace, false)}
                  {...register('marketplace')}
                >
                  <option value="">{m.marketplaceAny}</option>
                  {marketplaces.map((value) => (
                    <option key={value} value={value}>
                      {marketplaceLabel(value)}
                    </option>
                  ))}
                </Select>
              </OptionalField>
              {setCount > 0 && (
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => {
                    for (const name of ['size', 'priceMin', 'priceMax', 'marketplace'] as const)
                      form.setValue(name, '', { shouldValidate: true });
                    filledSize.current = null;
                  }}
                >
                  {m.clearFilters}
                </Button>
              )}
            </div>
          </div>

          <Button type="submit" className="w-full" disabled={!isValid || busy} aria-busy={busy || undefined}>
            <SearchIcon />
            {busy ? m.searchingButton : m.searchButton}
          </Button>
        </form>

        <div className="mt-6 space-y-3 border-t pt-6">
          <a
            href={site.appStoreUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}
          >
            <AppleIcon />
            {m.downloadApp}
            <span className="sr-only"> (opens the App Store in a new tab)</span>
          </a>
          <p className="text-center text-sm">
            <Link
              to={paths.contact}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              {m.getHelp}
            </Link>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

type FieldIds = { id: string; help: string; error: string };

/** The control's wiring to its label, help and error: the error is only described while it is shown. */
const controlProps = (ids: FieldIds, error: FieldError | undefined, required = true) => ({
  id: ids.id,
  ...(required ? { 'aria-required': true } : {}),
  'aria-invalid': error ? true : undefined,
  'aria-describedby': cn(ids.help, error && ids.error),
});

/**
 * The search's sold window beside the condition (issue 54, decision 058 as amended): one tap, arrow keys between the
 * four, 90 days unless chosen.
 */
function WindowChoice({
  register,
}: {
  register: UseFormReturn<FormValues, unknown, SearchFormValues>['register'];
}) {
  const help = `${useId()}-window-help`;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={help}>
      <legend className="text-sm font-medium leading-none">{m.windowLabel}</legend>
      <div className="grid grid-cols-4 rounded-md border p-0.5" data-testid="window-choice">
        {soldWindows.map((days) => (
          <label
            key={days}
            className="cursor-pointer rounded px-1 py-1.5 text-center text-sm font-medium tabular-nums text-foreground hover:bg-muted focus-within:ring-2 focus-within:ring-ring has-[:checked]:bg-primary has-[:checked]:text-primary-foreground"
          >
            <input type="radio" className="sr-only" value={String(days)} {...register('windowDays')} />
            {m.windowChoice(days)}
            {days === HEADLINE_WINDOW && <span className="sr-only"> (default)</span>}
          </label>
        ))}
      </div>
      {/* Said to a screen reader with the choice; on screen the legend and the days say it. */}
      <p id={help} className="sr-only">
        {m.windowHelp}
      </p>
    </fieldset>
  );
}

/** A price band in US dollars: from (included) and under (left out), either left open. */
function PriceBand({
  form,
  ids,
}: {
  form: UseFormReturn<FormValues, unknown, SearchFormValues>;
  ids: string;
}) {
  const { errors } = form.formState;
  const help = `${ids}-price-help`;
  const error = errors.priceMin ?? errors.priceMax;
  const errorId = `${ids}-price-error`;
  const input = (name: 'priceMin' | 'priceMax', label: string) => (
    <div className="min-w-0 flex-1 space-y-1">
      <Label htmlFor={`${ids}-${name}`} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground"
        >
          $
        </span>
        <Input
          id={`${ids}-${name}`}
          inputMode="decimal"
          autoComplete="off"
          className="pl-6"
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={cn(help, errors[name] && errorId)}
          {...form.register(name, { deps: [name === 'priceMin' ? 'priceMax' : 'priceMin'] })}
        />
      </div>
    </div>
  );
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium leading-none">{m.priceLabel}</legend>
      <div className="flex gap-3">
        {input('priceMin', m.priceMinLabel)}
        {input('priceMax', m.priceMaxLabel)}
      </div>
      <p id={help} className="text-xs text-muted-foreground">
        {m.priceHelp}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </fieldset>
  );
}

/** An optional field of the search form: its label, the control, the help line and the error. */
function OptionalField({
  ids,
  label,
  help,
  error,
  children,
}: {
  ids: FieldIds;
  label: string;
  help?: string;
  error: FieldError | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={ids.id}>{label}</Label>
      {children}
      {help && (
        <p id={ids.help} className="text-xs text-muted-foreground" aria-live="polite">
          {help}
        </p>
      )}
      {error && (
        <p id={ids.error} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** A required field of the search form: its label with the star, the control, the help line and the error. */
function RequiredField({
  ids,
  label,
  help,
  error,
  children,
}: {
  ids: FieldIds;
  label: string;
  help: string;
  error: FieldError | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={ids.id}>
        {label}{' '}
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      {children}
      <p id={ids.help} className="text-xs text-muted-foreground">
        {help}
      </p>
      {error && (
        <p id={ids.error} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}
